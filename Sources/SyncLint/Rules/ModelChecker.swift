/// Applies every ``LintRule`` to a ``DataModel``. The rules are Core Data's
/// CloudKit model validation, which SwiftData runs too ("SwiftData uses the
/// NSPersistentCloudKitContainer class", Apple, "Syncing model data across
/// a person's devices"); each message says what fails and how to fix it.
enum ModelChecker {
    /// What every launch failure leads to; seed 002 observed the crash.
    static let launchFailure = "(the app crashes at launch)"
    static let container = "NSPersistentCloudKitContainer"
    /// How a finding that would fail only if the entity synced begins.
    static let hypotheticalPrefix = "would fail to load if synced with CloudKit: "

    /// Every finding. An entity that syncs as the model is written (the
    /// model syncs, and the entity is in a configuration used with CloudKit)
    /// gets errors; one that does not gets the same findings as notes,
    /// saying what would fail if it synced, unless `assumesCloudKit`
    /// (`--assume-cloudkit`) checks every entity as synced.
    static func findings(for model: DataModel, assumesCloudKit: Bool = false) -> [Finding] {
        var findings = model.readerFindings
        for entity in model.entities {
            var found = uniqueKeyFindings(entity, model.kind) + attributeFindings(entity, model.kind)
            for relationship in entity.relationships where relationship.inheritedFrom == nil {
                found += relationshipFindings(relationship, of: entity, model.kind)
            }
            found += configurationFindings(entity, model)
            let syncs = assumesCloudKit || (model.cloudKit.isSynced && entity.isSynced)
            findings += syncs ? found : found.map(hypothetical)
        }
        return findings.sorted()
    }

    /// An error as what would fail if the entity synced: a note, worded
    /// so, without the launch crash that does not happen.
    static func hypothetical(_ finding: Finding) -> Finding {
        guard finding.severity == .error else { return finding }
        let message = finding.message.replacingOccurrences(of: " \(launchFailure)", with: "")
        return Finding(finding.rule, at: finding.location, hypotheticalPrefix + message, severity: .note)
    }

    /// A relationship from an entity of a configuration used with CloudKit
    /// to an entity outside that configuration.
    private static func configurationFindings(_ entity: Entity, _ model: DataModel) -> [Finding] {
        var findings: [Finding] = []
        for configuration in model.cloudKitConfigurations where configuration.members.contains(entity.name) {
            for relationship in entity.relationships where relationship.inheritedFrom == nil && !configuration.members.contains(relationship.target) {
                findings.append(Finding(.crossConfigurationRelationship, at: relationship.location,
                    "\(entity.name).\(relationship.name) points at \(relationship.target), which is not in the configuration "
                        + "'\(configuration.name)' used with CloudKit; \(container) refuses to load a configuration whose entities "
                        + "have relationships to entities outside it \(launchFailure); add \(relationship.target) to '\(configuration.name)' "
                        + "or remove the relationship"))
            }
        }
        return findings
    }

    /// Who refuses the model, named for the way it was written.
    private static func refuser(_ kind: DataModel.Kind) -> String {
        kind == .swiftData ? "\(container) (which SwiftData syncs with)" : container
    }

    private static func uniqueKeyFindings(_ entity: Entity, _ kind: DataModel.Kind) -> [Finding] {
        entity.uniqueKeys.map { key in
            Finding(.uniqueConstraint, at: key.location,
                    "\(key.subject(entity: entity.name)) has \(key.spelling); \(refuser(kind)) refuses to load a model with unique constraints "
                        + "\(launchFailure); keep \(key.fields.joined(separator: ", ")) as a natural key and dedupe instead")
        }
    }

    private static func attributeFindings(_ entity: Entity, _ kind: DataModel.Kind) -> [Finding] {
        var findings: [Finding] = []
        for attribute in entity.attributes where attribute.inheritedFrom == nil {
            let subject = "\(entity.name).\(attribute.name)"
            if kind == .coreData, ["Undefined", "Object ID"].contains(attribute.typeName) {
                findings.append(Finding(.unsupportedAttributeType, at: attribute.location,
                    "\(subject) has type \(attribute.typeName); \(refuser(kind)) refuses to load a model with Undefined or Object ID attributes \(launchFailure)"))
            }
            if !attribute.isOptional && !attribute.hasDefault {
                let fix = kind == .swiftData
                    ? "give the declaration a default (`= …`; a value set in init does not count) or make it optional"
                    : "set a default value or make it optional"
                findings.append(Finding(.requiredAttribute, at: attribute.location,
                    "\(subject) is not optional and has no default value; \(refuser(kind)) refuses to load a model unless every attribute "
                        + "is optional or has a default \(launchFailure); \(fix)"))
            }
        }
        return findings
    }

    private static func relationshipFindings(_ relationship: Relationship, of entity: Entity, _ kind: DataModel.Kind) -> [Finding] {
        var findings: [Finding] = []
        let subject = "\(entity.name).\(relationship.name)"
        if !relationship.isOptional {
            let fix = switch (kind, relationship.isToMany) {
            case (.swiftData, true): "declare it [\(relationship.target)]? (a non-optional array is required, even with = [])"
            case (.swiftData, false): "declare it \(relationship.target)?"
            case (.coreData, _), (.scenario, _): "make it optional"
            }
            findings.append(Finding(.requiredRelationship, at: relationship.location,
                "\(subject) is a required relationship; \(refuser(kind)) refuses to load a model unless every relationship is optional \(launchFailure); \(fix)"))
        }
        if relationship.isOrdered {
            findings.append(Finding(.orderedRelationship, at: relationship.location,
                "\(subject) is ordered; \(refuser(kind)) refuses to load a model with ordered relationships \(launchFailure); "
                    + "keep the order in an attribute such as sortIndex"))
        }
        switch relationship.inverse {
        case .declared, .inferred:
            break
        case .missing(let reason):
            let why = reason.isEmpty ? "" : " (\(reason))"
            let fix = kind == .swiftData
                ? "add a relationship on \(relationship.target) with @Relationship(inverse: \\\(entity.name).\(relationship.name))"
                : "set its inverse in the model editor"
            findings.append(Finding(.missingInverse, at: relationship.location,
                "\(subject) has no inverse\(why); \(refuser(kind)) refuses to load a model unless every relationship has an inverse, "
                    + "because related records can arrive in any order \(launchFailure); \(fix)"))
        case .ambiguous(let forward, let backward):
            func list(_ names: [String]) -> String {
                "\(names.count) relationship\(names.count == 1 ? "" : "s") (\(names.joined(separator: ", ")))"
            }
            let message = relationship.target == entity.name
                ? "\(subject) points at its own class and names no inverse; what SwiftData infers for it is not documented, "
                    + "and a relationship without an inverse fails to load with CloudKit: name one with @Relationship(inverse:)"
                : "\(subject) names no inverse, and \(entity.name) has \(list(forward)) to \(relationship.target) while "
                    + "\(relationship.target) has \(list(backward)) back; which pairs SwiftData infers is not documented: "
                    + "name the inverse with @Relationship(inverse:)"
            findings.append(Finding(.ambiguousInverse, at: relationship.location, message))
        }
        if relationship.deleteRule == .deny {
            let spelling = kind == .swiftData ? ".deny" : "Deny"
            findings.append(Finding(.denyDeleteRule, at: relationship.location,
                "\(subject) has the \(spelling) delete rule; \(refuser(kind)) refuses to load a model with it \(launchFailure); "
                    + "use nullify or cascade and check the condition in the app before deleting"))
        }
        return findings
    }
}
