import SyncModel
import SyncSimulation

extension ScenarioParser {
    /// `{ entities: [ { name, fields, unique, relations } ] }`
    func parseSchema(_ node: Node) throws(ScenarioFileError) -> Schema {
        let object = try node.object(allowed: ["entities"], required: ["entities"])
        let entityNodes = try object.required("entities").array()
        guard !entityNodes.isEmpty else { throw object.required("entities").error("expected at least one entity") }

        // A set beside the list: a model of 100,000 entities (advise writes
        // one scenario entity per model entity) must not check in O(n²).
        var names: [String] = []
        var seen: Set<String> = []
        for entityNode in entityNodes {
            let name = try entityNode.object(allowed: Self.entityKeys, required: ["name", "fields"]).required("name").nonEmptyString()
            guard seen.insert(name).inserted else { throw entityNode.child("name", .string(name)).error("entity '\(Echo.text(name))' is defined twice") }
            names.append(name)
        }
        var entities: [EntitySchema] = []
        for entityNode in entityNodes {
            entities.append(try parseEntity(entityNode, entityNames: names))
        }
        try checkInverseNames(entities, entityNodes: entityNodes)
        return Schema(entities: entities)
    }

    static let entityKeys = ["name", "fields", "unique", "relations"]

    private func parseEntity(_ node: Node, entityNames: [String]) throws(ScenarioFileError) -> EntitySchema {
        let object = try node.object(allowed: Self.entityKeys, required: ["name", "fields"])
        let name = try object.required("name").nonEmptyString()
        var fields: [String] = []
        var fieldSet: Set<String> = []
        for fieldNode in try object.required("fields").array() {
            let field = try fieldNode.nonEmptyString()
            guard fieldSet.insert(field).inserted else { throw fieldNode.error("field '\(Echo.text(field))' is listed twice") }
            fields.append(field)
        }
        guard !fields.isEmpty else { throw object.required("fields").error("expected at least one field") }

        var uniqueKeys: [[String]] = []
        if let uniqueNode = object["unique"] {
            for keyNode in try uniqueNode.array() {
                var key: [String] = []
                for fieldNode in try keyNode.array() {
                    let field = try fieldNode.string()
                    guard fieldSet.contains(field) else {
                        throw fieldNode.error("unknown field '\(Echo.text(field))' of \(name); fields: \(Echo.list(fields))"
                            + Suggestion.didYouMean(field, among: fields, quote: "'"))
                    }
                    guard !key.contains(field) else { throw fieldNode.error("field '\(Echo.text(field))' is listed twice in this key") }
                    key.append(field)
                }
                guard !key.isEmpty else { throw keyNode.error("expected a list of one or more field names, such as [\"email\"]") }
                guard !uniqueKeys.contains(key) else { throw keyNode.error("this unique key is listed twice") }
                uniqueKeys.append(key)
            }
        }

        var relations: [EntitySchema.Relation] = []
        if let relationsNode = object["relations"] {
            for (relation, relationNode) in try relationsNode.dictionary() {
                guard !fieldSet.contains(relation) else { throw relationNode.error("'\(Echo.text(relation))' is already a field of \(name)") }
                relations.append(try parseRelation(relation, relationNode, entityNames: entityNames))
            }
        }
        return EntitySchema(name: name, fields: fields, uniqueKeys: uniqueKeys, relations: relations)
    }

    /// The entity a node names.
    func entity(_ node: Node) throws(ScenarioFileError) -> EntityIndex {
        let name = try node.nonEmptyString()
        guard let entity = schema.entityIndex(name) else {
            throw node.error("unknown entity '\(Echo.text(name))'; entities: \(Echo.list(schema.entities.map(\.name)))"
                + Suggestion.didYouMean(name, among: schema.entities.map(\.name), quote: "'"))
        }
        return entity
    }

    /// A field value: a string or a whole number (`null` only where allowed).
    func fieldValue(_ node: Node, allowNull: Bool = false) throws(ScenarioFileError) -> FieldValue? {
        switch (node.value, node.numberValue) {
        case (.string(let text), _): return .string(text)
        case (_, .int(let number)?): return .int(number)
        case (.null, _) where allowNull: return nil
        default: throw node.expected(allowNull ? "a string, a whole number or null" : "a string or a whole number")
        }
    }

    /// `{ field: value, … }` for `entity`; every field must exist.
    func fieldWrites(_ node: Node, entity: EntityIndex, allowNull: Bool) throws(ScenarioFileError) -> [FieldWrite] {
        let entitySchema = schema[entity]
        var writes: [FieldWrite] = []
        for (field, valueNode) in try node.dictionary() {
            guard let index = entitySchema.fieldIndex(field) else {
                throw valueNode.error("unknown field '\(Echo.text(field))' of \(entitySchema.name); fields: \(Echo.list(entitySchema.fields))"
                    + Suggestion.didYouMean(field, among: entitySchema.fields, quote: "'"))
            }
            writes.append(FieldWrite(field: index, value: try fieldValue(valueNode, allowNull: allowNull)))
        }
        return writes.sorted { $0.field < $1.field }
    }

    /// `{ email: "…" }`: the fields of exactly one of `entity`'s unique keys.
    func naturalKey(_ node: Node, entity: EntityIndex) throws(ScenarioFileError) -> NaturalKey {
        let entitySchema = schema[entity]
        let writes = try fieldWrites(node, entity: entity, allowNull: false)
        let given = Set(writes.map(\.field))
        let describe = { (key: [Int]) in "{" + key.map { entitySchema.fields[$0] }.joined(separator: ", ") + "}" }
        guard let keyIndex = entitySchema.uniqueKeys.firstIndex(where: { Set($0) == given }) else {
            let keys = entitySchema.uniqueKeys.map(describe).joined(separator: " or ")
            throw node.error(entitySchema.uniqueKeys.isEmpty
                ? "\(entitySchema.name) has no unique key to address a record by"
                : "expected the fields of a unique key of \(entitySchema.name): \(keys)")
        }
        let values = entitySchema.uniqueKeys[keyIndex].map { field in writes.first { $0.field == field }!.value! }
        return NaturalKey(uniqueKey: UniqueKeyID(entity: entity, key: keyIndex), values: values)
    }

    /// `{ field: "pattern {n}" | [choices] }` for generated rows.
    func valueTemplates(_ node: Node?, entity: EntityIndex) throws(ScenarioFileError) -> [Int: ValueTemplate] {
        guard let node else { return [:] }
        let entitySchema = schema[entity]
        var templates: [Int: ValueTemplate] = [:]
        for (field, templateNode) in try node.dictionary() {
            guard let index = entitySchema.fieldIndex(field) else {
                throw templateNode.error("unknown field '\(Echo.text(field))' of \(entitySchema.name); fields: \(Echo.list(entitySchema.fields))"
                    + Suggestion.didYouMean(field, among: entitySchema.fields, quote: "'"))
            }
            switch templateNode.value {
            case .string(let pattern):
                if entitySchema.isKeyField(index) && !pattern.contains("{n}") {
                    throw templateNode.error("a key field's pattern needs {n}, or every row would share one key")
                }
                templates[index] = .pattern(pattern)
            case .array:
                var choices: [FieldValue] = []
                for choice in try templateNode.array() { choices.append(try fieldValue(choice)!) }
                guard !choices.isEmpty else { throw templateNode.error("expected at least one value to choose from") }
                guard !entitySchema.isKeyField(index) else {
                    throw templateNode.error("a key field takes a pattern with {n}, not a list of choices")
                }
                templates[index] = .choices(choices)
            default:
                throw templateNode.expected("a pattern such as \"user{n}@example.com\" or a list of values")
            }
        }
        return templates
    }
}
