/// What a relationship shows the app: every element of a to-many set, the
/// latest element of a to-one.
extension Record {
    /// The ids `relation` shows the app: all live elements when to-many, the latest one (or none) when to-one.
    public func targets(of relation: Int, schema: Schema) -> [RecordID] {
        let set = relations[relation]
        guard !schema[entity].relations[relation].toMany else { return set.elements }
        return set.latest.map { [$0] } ?? []
    }
}
