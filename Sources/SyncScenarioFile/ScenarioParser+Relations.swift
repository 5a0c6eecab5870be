import SyncModel
import SyncSimulation

extension ScenarioParser {
    static let relationKeys = ["to", "many", "deleteRule", "inverse", "inverseDeleteRule"]

    /// A relationship: `"Tag"` (to many, no inverse, as before), or
    /// `{ to: "Tag", many: false, deleteRule: "nullify", inverse: "posts",
    /// inverseDeleteRule: "cascade" }` (docs/MODEL.md, "Relationships").
    func parseRelation(_ name: String, _ node: Node, entityNames: [String]) throws(ScenarioFileError) -> EntitySchema.Relation {
        func target(_ node: Node) throws(ScenarioFileError) -> String {
            let target = try node.string()
            guard entityNames.contains(target) else {
                throw node.error("unknown entity '\(Echo.text(target))'; entities: \(Echo.list(entityNames))"
                    + Suggestion.didYouMean(target, among: entityNames, quote: "'"))
            }
            return target
        }
        if case .string = node.value { return EntitySchema.Relation(name: name, target: try target(node)) }
        guard case .object = node.value else {
            throw node.expected("an entity name such as \"Tag\", or { to, many, deleteRule, inverse, inverseDeleteRule }")
        }
        let object = try node.object(allowed: Self.relationKeys, required: ["to"])
        var inverse: EntitySchema.Inverse?
        if let inverseNode = object["inverse"] {
            let inverseName = try inverseNode.nonEmptyString()
            inverse = EntitySchema.Inverse(name: inverseName,
                                           deleteRule: try parseChoice(object["inverseDeleteRule"], as: DeleteRule.self) ?? .nullify)
        } else if let ruleNode = object["inverseDeleteRule"] {
            throw ruleNode.error("inverseDeleteRule needs an inverse: name the relationship on \(try object.required("to").string()) with inverse")
        }
        return EntitySchema.Relation(name: name, target: try target(object.required("to")),
                                     toMany: try object["many"]?.bool() ?? true,
                                     deleteRule: try parseChoice(object["deleteRule"], as: DeleteRule.self) ?? .nullify,
                                     inverse: inverse)
    }

    /// `Entity.relationship` of the first `deny` rule, either direction.
    static func firstDenyRule(in schema: Schema) -> String? {
        for entity in schema.entities {
            for relation in entity.relations {
                if relation.deleteRule == .deny { return "\(entity.name).\(relation.name)" }
                if let inverse = relation.inverse, inverse.deleteRule == .deny { return "\(relation.target).\(inverse.name)" }
            }
        }
        return nil
    }

    /// An inverse's name must be new on its target entity: not a field, an
    /// owned relationship or another inverse.
    func checkInverseNames(_ entities: [EntitySchema], entityNodes: [Node]) throws(ScenarioFileError) {
        var taken = Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0.fields + $0.relations.map(\.name)) })
        for (owner, entity) in entities.enumerated() {
            for relation in entity.relations {
                guard let inverse = relation.inverse else { continue }
                guard !taken[relation.target]!.contains(inverse.name) else {
                    let relationNode = try entityNodes[owner].object(allowed: Self.entityKeys).required("relations")
                        .dictionary().first { $0.key == relation.name }!.node
                    let node = try relationNode.object(allowed: Self.relationKeys)["inverse"] ?? relationNode
                    throw node.error("inverse '\(Echo.text(inverse.name))' is already a field or relationship of \(relation.target)")
                }
                taken[relation.target]!.append(inverse.name)
            }
        }
    }
}
