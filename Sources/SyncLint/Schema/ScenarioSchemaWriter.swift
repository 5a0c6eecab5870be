/// Writes a model's entities as a SyncSim scenario file (JSON5): the
/// `schema` of Scenarios/README.md, with the `name` every scenario needs,
/// so that `simulate run` reads it as is and a user adds steps for their
/// workload.
public enum ScenarioSchemaWriter {
    /// The field a SyncSim entity gets when the model gives it no
    /// attribute: SyncSim needs at least one field per entity.
    static let placeholderField = "id"

    /// The scenario text for `model`; `source` is the path linted, named in
    /// the file's first comment.
    public static func text(for model: DataModel, source: String) -> String {
        let entities = model.entities.filter(\.isSynced)
        let pairs = RelationPairs(entities: entities)
        var lines = [
            "// A SyncSim scenario written by simulate lint from \(source):",
            "// the entities of \(model.name) (\(model.kind.rawValue)) as a schema (Scenarios/README.md, \"schema\").",
            "// Add steps for your workload, then run it: simulate run FILE",
            "{",
            "  name: \(JSON5Text.quoted(model.name)),",
            "  // preset: \"nspckc\",  // run it as NSPersistentCloudKitContainer (refuses a deny delete rule)",
            "  schema: { entities: [",
        ]
        for entity in entities {
            lines += entityLines(entity, pairs: pairs, allEntities: model.entities)
        }
        lines += ["  ] },", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entityLines(_ entity: Entity, pairs: RelationPairs, allEntities: [Entity]) -> [String] {
        var lines = ["    {", "      name: \(JSON5Text.quoted(entity.name)),"]
        if let parent = entity.parentName {
            lines.append("      // a subentity of \(parent) in the model; SyncSim has no inheritance, so \(parent)'s attributes are not repeated here")
        }
        var fields = entity.attributes.filter { !$0.isTransient }.map(\.name)
        if fields.isEmpty {
            var placeholder = placeholderField
            while entity.relationships.contains(where: { $0.name == placeholder }) { placeholder += "_" }
            lines.append("      // the model gives \(entity.name) no stored attribute; SyncSim needs one field")
            fields = [placeholder]
        }
        lines.append("      fields: \(JSON5Text.list(fields)),")
        let keys = entity.uniqueKeys.filter { $0.fields.allSatisfy(fields.contains) }
        for key in entity.uniqueKeys where !key.fields.allSatisfy(fields.contains) {
            lines.append("      // \(key.spelling) on \(key.fields.joined(separator: ", ")) is not on fields; left out of unique")
        }
        if !keys.isEmpty {
            lines.append("      unique: [" + keys.map { JSON5Text.list($0.fields) }.joined(separator: ", ") + "],")
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
