import Foundation
import SyncModel

/// Turns the elements of one Core Data model version into a ``DataModel``:
/// resolves each relationship's inverse by name and marks entities that no
/// CloudKit configuration syncs.
enum CoreDataModelBuilder {
    /// `deletionRule` as Xcode writes it, to the rule SyncSim names the same
    /// way (`NSDeleteRule`'s four cases).
    static let deleteRules: [String: DeleteRule] = [
        "Nullify": .nullify, "Cascade": .cascade, "Deny": .deny, "No Action": .noAction,
    ]

    static func read(contents: String, displayPath: String, modelName: String) throws(LintInputError) -> DataModel {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contents, isDirectory: &isDirectory) else {
            throw LintInputError(file: displayPath, "no such file: a .xcdatamodel folder holds its model in a file named 'contents'")
        }
        guard !isDirectory.boolValue else { throw LintInputError(file: displayPath, "is a folder; a model's contents is an XML file") }
        let size = ((try? FileManager.default.attributesOfItem(atPath: contents))?[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= maximumContentsBytes else {
            throw LintInputError(file: displayPath, "is \(size / (1 << 20)) MiB; simulate lint reads a model's contents up to "
                + "\(maximumContentsBytes >> 20) MiB (Xcode writes well under 1 MiB for hundreds of entities)")
        }
        guard let data = FileManager.default.contents(atPath: contents) else {
            throw LintInputError(file: displayPath, "cannot be read")
        }
        let elements = try CoreDataContentsParser.parse([UInt8](data), file: displayPath)
        return try build(elements, file: displayPath, modelName: modelName)
    }

    /// The largest `contents` read: a bound on memory (the bytes and their
    /// events), far above any model a person writes; larger is refused.
    static let maximumContentsBytes: Int64 = 256 << 20

    static func build(_ given: CoreDataElements, file: String, modelName: String) throws(LintInputError) -> DataModel {
        func at(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }
        var elements = given
        var findings = checkNames(&elements, file: file)
        for element in elements.unknownElements {
            findings.append(Finding(.notUnderstood, at: at(element.line), "element <\(element.name)> is not understood by simulate lint; ignored"))
        }
        for unreadable in elements.unreadable {
            findings.append(Finding(.notUnderstood, at: at(unreadable.line), unreadable.message))
        }

        let cloudConfigurations = elements.configurations.filter(\.usedWithCloudKit)
        let synced = Set(cloudConfigurations.flatMap(\.members))
        var entities: [Entity] = []
        for element in elements.entities {
            guard !element.name.isEmpty else { throw LintInputError(file: file, line: element.line, "an <entity> has no name") }
            var entity = Entity(name: element.name, location: at(element.line))
            entity.parentName = element.parentName
            entity.configurations = elements.configurations.filter { $0.members.contains(element.name) }.map(\.name)
            entity.isSynced = cloudConfigurations.isEmpty || synced.contains(element.name)
            if !entity.isSynced {
                let names = cloudConfigurations.map { "'\($0.name)'" }.joined(separator: ", ")
                findings.append(Finding(.notSynced, at: entity.location,
                    "\(element.name) is in no configuration used with CloudKit (\(names)), so it does not sync; "
                        + "what would fail if it did is reported as notes"))
            }
            entity.attributes = element.attributes.map {
                Attribute(name: $0.name, location: at($0.line), typeName: $0.type, isOptional: $0.isOptional,
                          hasDefault: $0.hasDefault, isTransient: $0.isTransient)
            }
            entity.uniqueKeys = element.uniqueKeys.map { UniqueKey(fields: $0.fields, location: at($0.line), spelling: "a unique constraint") }
            for relationship in element.relationships {
                guard let rule = deleteRules[relationship.deletionRule ?? "Nullify"] else {
                    findings.append(Finding(.notUnderstood, at: at(relationship.line),
                        "\(element.name).\(relationship.name) has deletionRule '\(relationship.deletionRule ?? "")', which simulate lint does not know; not checked"))
                    continue
                }
                entity.relationships.append(Relationship(
                    name: relationship.name, location: at(relationship.line), target: relationship.destination,
                    isToMany: relationship.isToMany, isOptional: relationship.isOptional, isOrdered: relationship.isOrdered,
                    deleteRule: rule, inverse: inverse(of: relationship, in: given)))
            }
            entities.append(entity)
        }
        findings += flattenInheritance(&entities)
        var model = DataModel(kind: .coreData, name: modelName, entities: entities, readerFindings: findings)
        model.cloudKit = elements.modelUsedWithCloudKit || !cloudConfigurations.isEmpty
            ? .synced(because: "the model is marked Used with CloudKit")
            : .notSynced(because: "the model is not marked Used with CloudKit (no usedWithCloudKit=\"YES\")")
        model.cloudKitConfigurations = cloudConfigurations.map { ($0.name, $0.members) }
        model.cloudKitMark = elements.modelUsedWithCloudKit ? at(elements.modelLine) : cloudConfigurations.first.map { at($0.line) }
        return model
    }

    /// Core Data entity inheritance, as the framework applies it: an entity
    /// has its parent's attributes and relationships (`attributesByName`
    /// includes them, and the CloudKit validator checks them on every
    /// entity), the nearest ancestor's first. Inherited properties are
    /// marked, so a rule reports each once, where it is declared. A parent
    /// the model lacks, or a cycle, is reported and not followed.
    private static func flattenInheritance(_ entities: inout [Entity]) -> [Finding] {
        var findings: [Finding] = []
        let declared = entities
        func byName(_ name: String) -> Entity? { declared.first { $0.name == name } }
        for index in entities.indices {
            var seen: [String] = [entities[index].name]
            var parentName = entities[index].parentName
            var inherited: (attributes: [Attribute], relationships: [Relationship]) = ([], [])
            while let name = parentName {
                guard !seen.contains(name) else {
                    findings.append(Finding(.notUnderstood, at: entities[index].location,
                        "\(entities[index].name)'s parent entities form a cycle (\((seen + [name]).joined(separator: " → "))); inheritance not followed"))
                    break
                }
                guard let parent = byName(name) else {
                    findings.append(Finding(.notUnderstood, at: entities[index].location,
                        "\(entities[index].name) names the parent entity \(name), which the model does not have; inheritance not followed"))
                    break
                }
                seen.append(name)
                inherited.attributes += parent.attributes.map { attribute in
                    var copy = attribute
                    copy.inheritedFrom = parent.name
                    return copy
                }
                inherited.relationships += parent.relationships.map { relationship in
                    var copy = relationship
                    copy.inheritedFrom = parent.name
                    return copy
                }
                parentName = parent.parentName
            }
            let own = Set(entities[index].attributes.map(\.name) + entities[index].relationships.map(\.name))
            entities[index].attributes = inherited.attributes.filter { !own.contains($0.name) } + entities[index].attributes
            entities[index].relationships = inherited.relationships.filter { !own.contains($0.name) } + entities[index].relationships
        }
        return findings
    }

    /// The inverse `inverseName` names, if the destination has it, looked
    /// up in the file as written: a relationship left out for repeating a
    /// name (``checkNames(_:file:)``) still answers for its partner, so the
    /// one error is not echoed as a missing inverse.
    private static func inverse(of relationship: CoreDataElements.RelationshipElement, in elements: CoreDataElements) -> Relationship.Inverse {
        guard let name = relationship.inverseName, !name.isEmpty else { return .missing(reason: "") }
        let owner = relationship.inverseEntity ?? relationship.destination
        guard let destination = elements.entities.first(where: { $0.name == owner }),
              destination.relationships.contains(where: { $0.name == name })
        else { return .missing(reason: "it names the inverse \(owner).\(name), which the model does not have") }
        return .declared(name)
    }
}
