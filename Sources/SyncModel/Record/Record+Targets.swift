/// What a relationship shows the app: every element of a to-many set, the
/// latest element of a to-one.
extension Record {
    public func targets(of relation: Int, schema: Schema) -> [RecordID] {
        let set = relations[relation]
        guard !schema[entity].relations[relation].toMany else { return set.elements }
        return set.latest.map { [$0] } ?? []
    }
}
