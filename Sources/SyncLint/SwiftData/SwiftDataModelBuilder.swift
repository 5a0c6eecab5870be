import Foundation
import SyncModel

/// Reads SwiftData sources into a ``DataModel``: scans every file, then,
/// knowing every `@Model` class, tells relationships (a property whose type
/// is a model class, or an array of one) from attributes and pairs each
/// relationship with its inverse (``SwiftDataInverses``).
enum SwiftDataModelBuilder {
    /// Reads `files`; `root` (the path the user gave) names them all in an
    /// error that is about no file in particular.
    static func read(files: [(path: String, displayPath: String)], root: String, name: String,
                     schemaVersion: String? = nil) throws(LintInputError) -> DataModel {
        var classes: [ScannedModelClass] = []
        var findings: [Finding] = []
        var facts = ScannedSchemaFacts()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw LintInputError(file: file.displayPath, "cannot be read")
            }
            guard let source = String(data: data, encoding: .utf8) else {
                throw LintInputError(file: file.displayPath, "is not UTF-8 text")
            }
            let tokens: [SwiftToken]
            do {
                tokens = try SwiftLexer.tokens(of: source)
            } catch {
                throw LintInputError(file: file.displayPath, line: error.line, "\(error.message); simulate lint cannot read past it")
            }
            let scanned = SwiftModelScanner.scanAll(tokens, file: file.displayPath)
            // The files of test folders never get here (``TestFolders``).
            classes += scanned.classes
            findings += scanned.findings
            facts.merge(scanned.facts)
        }
        guard !classes.isEmpty else {
            let searched = files.count == 1 ? "this file" : "its \(files.count) .swift files"
            let skipped = findings.min().map { " (\(findings.count) declaration\(findings.count == 1 ? "" : "s") not understood, the first at \($0.location): \($0.message))" } ?? ""
            throw LintInputError(file: root, "not a model: no @Model class in \(searched)\(skipped)")
        }
        let choice = try SwiftSchemaVersions.choose(classes: classes, facts: facts, requested: schemaVersion, root: root)
        // The classes of the versions not linted, for the unique keys they
        // declared (``DataModel/uniqueKeysInOtherVersions``).
        let otherVersions = choice.map { choice in
            classes.filter { scanned in scanned.container != nil && !choice.classes.contains { $0.location == scanned.location } }
        } ?? []
        if let choice {
            findings.append(choice.note)
            for entry in choice.unresolved {
                findings.append(Finding(.notUnderstood, at: choice.note.location,
                    "the models list names \(entry), which is not a @Model class simulate lint read; not checked"))
            }
            classes = choice.classes
        }
        var model = build(classes, findings: findings, name: name)
        let decision = SwiftDataConfigurations.decide(facts.resolvedConfigurations, for: model)
        model.cloudKit = decision.cloudKit
        // Classes a local store (a cache with cloudKitDatabase: .none)
        // holds, and no store that may sync lists, do not sync, whatever
        // the app's main store does.
        var notes: [Finding] = []
        for index in model.entities.indices {
            guard let local = decision.localOnly.first(where: { $0.entity == model.entities[index].name }) else { continue }
            model.entities[index].isSynced = false
            notes.append(Finding(.notSynced, at: model.entities[index].location,
                "\(model.entities[index].name) is in a store whose ModelConfiguration sets cloudKitDatabase: .none (\(local.configuration)), "
                    + "so it does not sync; what would fail if it did is reported as notes"))
        }
        if !notes.isEmpty {
            model = DataModel(kind: model.kind, name: model.name, entities: model.entities, readerFindings: model.readerFindings + notes,
                              cloudKit: model.cloudKit)
        }
        model.uniqueKeysInOtherVersions = uniqueKeys(in: otherVersions, alsoIn: model)
        return model
    }

    /// `Entity.field` for every one-field unique key another schema version
    /// declares on an entity and stored attribute the current model still
    /// has, in source order, each once: what an app keyed its records by
    /// before CloudKit made it drop the constraint.
    static func uniqueKeys(in classes: [ScannedModelClass], alsoIn model: DataModel) -> [String] {
        guard !classes.isEmpty else { return [] }
        var keys: [String] = []
        for entity in build(classes, findings: [], name: model.name).entities {
            guard let current = model.entity(named: entity.name) else { continue }
            for key in entity.uniqueKeys where key.fields.count == 1 && current.attributes.contains(where: { $0.name == key.fields[0] && !$0.isTransient }) {
                let name = "\(entity.name).\(key.fields[0])"
                if !keys.contains(name) { keys.append(name) }
            }
        }
        return keys
    }

    static func build(_ scanned: [ScannedModelClass], findings readerFindings: [Finding], name: String) -> DataModel {
        var findings = readerFindings
        var classes: [ScannedModelClass] = []
        for candidate in scanned {
            if let first = classes.first(where: { $0.name == candidate.name }) {
                findings.append(Finding(.notUnderstood, at: candidate.location,
                    "@Model class \(candidate.name) is declared again (first at \(first.location)); this one was not checked"))
            } else {
                classes.append(candidate)
            }
        }
        let modelNames = Set(classes.map(\.name))
        var entities: [Entity] = []
        var explicitInverses: [SwiftDataInverses.Explicit] = []
        for modelClass in classes {
            var entity = Entity(name: modelClass.name, location: modelClass.location)
            var declared: [String: SourceLocation] = [:]
            for property in modelClass.properties {
                // Swift refuses a second stored property of one name
                // ("invalid redeclaration"); only the first is checked.
                if let first = declared[property.name] {
                    findings.append(Finding(.duplicateProperty, at: property.location,
                        "\(modelClass.name) declares \(property.name) a second time (the first at \(first)); Swift does not compile "
                            + "a class with two stored properties of one name; rename or remove one (this one is not checked)"))
                    continue
                }
                declared[property.name] = property.location
                let target = property.type.elementName.flatMap { modelNames.contains($0) ? $0 : nil }
                    ?? property.type.singleName.flatMap { modelNames.contains($0) ? $0 : nil }
                let isToMany = property.type.elementName.map(modelNames.contains) == true
                let subject = "\(modelClass.name).\(property.name)"
                guard let target else {
                    if let location = property.relationshipLocation {
                        findings.append(Finding(.notUnderstood, at: location,
                            "\(subject) has @Relationship but its type \(property.type.text) is not a @Model class simulate lint found; not checked"))
                        continue
                    }
                    entity.attributes.append(Attribute(name: property.name, location: property.location, typeName: property.type.text,
                                                       isOptional: property.type.isOptional, hasDefault: property.hasDefault))
                    if property.attribute?.isUnique == true {
                        entity.uniqueKeys.append(UniqueKey(fields: [property.name], location: property.attributeLocation ?? property.location,
                                                           spelling: "@Attribute(.unique)"))
                    }
                    continue
                }
                let arguments = property.relationship
                entity.relationships.append(Relationship(
                    name: property.name, location: property.location, target: target, isToMany: isToMany,
                    isOptional: property.type.isOptional, isOrdered: false, deleteRule: arguments?.deleteRule ?? .nullify,
                    inverse: .missing(reason: "")))
                if let inverse = arguments?.inverse {
                    explicitInverses.append(.init(entity: modelClass.name, relationship: property.name, target: inverse.type ?? target, inverse: inverse.name))
                }
                if arguments?.isUnique == true || property.attribute?.isUnique == true {
                    let spelling = arguments?.isUnique == true ? "@Relationship(.unique)" : "@Attribute(.unique)"
                    let location = (arguments?.isUnique == true ? property.relationshipLocation : property.attributeLocation) ?? property.location
                    entity.uniqueKeys.append(UniqueKey(fields: [property.name], location: location, spelling: spelling))
                }
            }
            for macro in modelClass.uniqueMacros {
                for constraint in macro.constraints {
                    let known = Set(modelClass.properties.map(\.name))
                    if let unknown = constraint.first(where: { !known.contains($0) }) {
                        findings.append(Finding(.notUnderstood, at: macro.location,
                            "#Unique in \(modelClass.name) names \(unknown), which is not a stored property simulate lint read; this constraint was not checked"))
                        continue
                    }
                    entity.uniqueKeys.append(UniqueKey(fields: constraint, location: macro.location, spelling: "#Unique"))
                }
            }
            entities.append(entity)
        }
        SwiftDataInverses.resolve(&entities, explicit: explicitInverses)
        return DataModel(kind: .swiftData, name: name, entities: entities, readerFindings: findings)
    }
}
