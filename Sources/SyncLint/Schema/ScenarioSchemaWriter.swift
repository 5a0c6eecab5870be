/// Writes a model's entities as a SyncSim scenario file (JSON5): the
/// `schema` of Scenarios/README.md, with the `name` every scenario needs,
/// three devices and a workload on the entities with a natural key
/// (``SchemaWorkload``) with the expectations it meets, so that
/// `simulate run` runs it as is and a user edits it into their own.
public enum ScenarioSchemaWriter {
    /// The field a SyncSim entity gets when the model gives it no
    /// attribute: SyncSim needs at least one field per entity.
    static let placeholderField = "id"

    /// The scenario text for `model`; `source` is the path linted, named in
    /// the file's first comment. `keys` are the natural keys (default: the
    /// model's own unique constraints).
    public static func text(for model: DataModel, source: String, keys: SchemaKeys? = nil) -> String {
        let keys = keys ?? SchemaKeys(model: model)
        let entities = model.entities.filter(\.isSynced)
        let workload = SchemaWorkload(entities: entities.compactMap { entity in
            let declared = keys.keys(of: entity).keys
            return declared.isEmpty ? nil : SchemaWorkload.Keyed(entity, keys: declared)
        })
        var lines = [
            "// A SyncSim scenario written by simulate lint from \(source):",
            "// the entities of \(model.name) (\(model.kind.rawValue)) as a schema (Scenarios/README.md, \"schema\"),",
            "// and a workload that makes duplicates the way apps do. Edit it, then run it: simulate run FILE",
            "{",
            "  name: \(JSON5Text.quoted(model.name)),",
            "  // preset: \"nspckc\",  // run it as NSPersistentCloudKitContainer (refuses a deny delete rule)",
            "  replicas: \(SchemaWorkload.deviceCount),  // r1, r2, r3: devices of one user",
        ]
        lines += schemaMemberLines(for: model, keys: keys)
        lines += workload.memberLines(unkeyed: entities.filter { keys.keys(of: $0).keys.isEmpty }.map(\.name))
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `schema` member, `schema: { entities: [ … ] },` two spaces in:
    /// the synced entities with their fields, keys and relationships. What
    /// ``text(for:source:keys:)`` writes, and advise's scenarios reuse
    /// (``AdviceScenarioWriter``), so both declare a model the same way.
    static func schemaMemberLines(for model: DataModel, keys: SchemaKeys) -> [String] {
        let entities = model.entities.filter(\.isSynced)
        let pairs = RelationPairs(entities: entities)
        var lines = ["  schema: { entities: ["]
        for entity in entities {
            lines += entityLines(entity, keys: keys.keys(of: entity), pairs: pairs, allEntities: model.entities)
        }
        lines.append("  ] },")
        return lines
    }

    private static func entityLines(_ entity: Entity, keys: SchemaKeys.EntityKeys, pairs: RelationPairs, allEntities: [Entity]) -> [String] {
        var lines = ["    {", "      name: \(JSON5Text.quoted(entity.name)),"]
        if let parent = entity.parentName {
            lines.append("      // a subentity of \(parent) in the model; SyncSim has no inheritance, so \(parent)'s attributes are not repeated here")
        }
        var fields = SchemaKeys.storedFields(of: entity)
        if fields.isEmpty {
            var placeholder = placeholderField
            while entity.relationships.contains(where: { $0.name == placeholder }) { placeholder += "_" }
            lines.append("      // the model gives \(entity.name) no stored attribute; SyncSim needs one field")
            fields = [placeholder]
        }
        lines.append("      fields: \(JSON5Text.list(fields)),")
        if keys.isChosen {
            let replaced = entity.uniqueKeys.map { "\($0.spelling) on \($0.fields.joined(separator: ", "))" }
            lines.append("      // the natural key --key names" + (replaced.isEmpty ? "" : ", in place of the model's \(replaced.joined(separator: " and "))"))
        } else {
            for key in entity.uniqueKeys where !key.fields.allSatisfy(fields.contains) {
                lines.append("      // \(key.spelling) on \(key.fields.joined(separator: ", ")) is not on fields; left out of unique")
            }
        }
        if !keys.keys.isEmpty {
            lines.append("      unique: [" + keys.keys.map(JSON5Text.list).joined(separator: ", ") + "],")
        }
        let declared = pairs.declared(by: entity)
        for relationship in entity.relationships where !allEntities.contains(where: { $0.name == relationship.target && $0.isSynced }) {
            lines.append("      // \(relationship.name) points at \(relationship.target), which does not sync; left out")
        }
        if !declared.isEmpty {
            lines.append("      relations: {")
            for relation in declared {
                if let comment = relation.comment { lines.append("        // \(relation.relationship.name): \(comment)") }
                lines.append("        \(JSON5Text.quoted(relation.relationship.name)): \(relationText(relation)),")
            }
            lines.append("      },")
        }
        lines.append("    },")
        return lines
    }

    private static func relationText(_ relation: RelationPairs.Declared) -> String {
        let relationship = relation.relationship
        var members = [
            "to: \(JSON5Text.quoted(relationship.target))",
            "many: \(relationship.isToMany)",
            "deleteRule: \(JSON5Text.quoted(relationship.deleteRule.rawValue))",
        ]
        if let inverse = relation.inverse {
            members.append("inverse: \(JSON5Text.quoted(inverse.name))")
            members.append("inverseDeleteRule: \(JSON5Text.quoted(inverse.deleteRule.rawValue))")
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }
}
