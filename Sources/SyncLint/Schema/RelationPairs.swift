/// Which side of each relationship pair a SyncSim schema declares it on.
///
/// SyncSim stores a pair once, on its owning side, and derives the inverse
/// (docs/MODEL.md, "Relationships"); its inverse is always a to-many view.
/// So the owner is the to-one side of a one-to-many pair (where Core Data
/// with CloudKit stores it, WWDC19 session 202), and the alphabetically
/// first side of a many-to-many or one-to-one pair, so that the same model
/// always gives the same file.
struct RelationPairs {
    /// One relation as the schema declares it.
    struct Declared {
        let owner: String
        let relationship: Relationship
        /// The other side, when the pair has one the schema can name.
        let inverse: Relationship?
        /// Why the inverse is left out, or a caveat, for a comment.
        let comment: String?
    }

    let declared: [Declared]

    /// The relations of `entities`; a relation to an entity outside them is
    /// left out (the writer says so in a comment).
    init(entities: [Entity]) {
        var declared: [Declared] = []
        var done: Set<String> = []
        let names = Set(entities.map(\.name))
        for entity in entities {
            for relationship in entity.relationships {
                let key = "\(entity.name).\(relationship.name)"
                guard !done.contains(key), names.contains(relationship.target) else { continue }
                done.insert(key)
                guard let inverseName = relationship.inverse.name,
                      let target = entities.first(where: { $0.name == relationship.target }),
                      let back = target.relationship(named: inverseName), back.target == entity.name
                else {
                    declared.append(Declared(owner: entity.name, relationship: relationship, inverse: nil, comment: nil))
                    continue
                }
                let backKey = "\(target.name).\(back.name)"
                if backKey == key {
                    declared.append(Declared(owner: entity.name, relationship: relationship, inverse: nil,
                                             comment: "its own inverse in the model; SyncSim cannot name a relation as its own inverse"))
                    continue
                }
                // The other side already pairs with another relationship (a
                // hand-edited file where two name one inverse): this one is
                // declared alone, so the schema never names a relation twice.
                if done.contains(backKey) {
                    declared.append(Declared(owner: entity.name, relationship: relationship, inverse: nil,
                                             comment: "its inverse \(backKey) is the inverse of another relationship in the model"))
                    continue
                }
                done.insert(backKey)
                let ownsHere: Bool = switch (relationship.isToMany, back.isToMany) {
                case (false, true): true
                case (true, false): false
                default: key < backKey
                }
                let comment = !relationship.isToMany && !back.isToMany
                    ? "one-to-one in the model; SyncSim's inverse is a to-many view" : nil
                declared.append(ownsHere
                    ? Declared(owner: entity.name, relationship: relationship, inverse: back, comment: comment)
                    : Declared(owner: target.name, relationship: back, inverse: relationship, comment: comment))
            }
        }
        self.declared = declared
    }

    /// The relations `entity` declares, in its own declaration order.
    func declared(by entity: Entity) -> [Declared] {
        declared.filter { $0.owner == entity.name }.sorted { lhs, rhs in
            let order = entity.relationships.map(\.name)
            return (order.firstIndex(of: lhs.relationship.name) ?? order.count) < (order.firstIndex(of: rhs.relationship.name) ?? order.count)
        }
    }
}
