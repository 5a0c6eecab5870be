/// What `simulate lint` says when no entity has a natural key: the
/// scenario runs, but a duplicate cannot be told from a new record.
extension SchemaKeys {
    /// Names of attributes that often hold a natural key, most telling
    /// first: the candidates ``advice`` names.
    static let candidateNames = ["id", "uuid", "identifier", "code", "slug", "email", "url", "name"]

    /// `Book.uuid, Author.name`: the attributes another schema version
    /// declared unique (the most telling), then the stored attributes of
    /// synced entities named like a key, most telling name first, then in
    /// model order; each once.
    public static func candidates(in model: DataModel) -> [String] {
        let entities = model.entities.filter(\.isSynced)
        let named = candidateNames.flatMap { candidate in
            entities.flatMap { entity in
                storedFields(of: entity).filter { $0.lowercased() == candidate }.map { "\(entity.name).\($0)" }
            }
        }
        let earlier = model.uniqueKeysInOtherVersions.filter { key in entities.contains { key.hasPrefix($0.name + ".") } }
        return earlier + named.filter { !earlier.contains($0) }
    }

    /// The line itself, with the likely keys when the model has some.
    static func advice(for model: DataModel) -> String {
        let candidates = candidates(in: model)
        let start = "schema: no entity has a natural key, so the scenario cannot count duplicates; name one with --key ENTITY.FIELD"
        guard let first = candidates.first else { return start + " (or ENTITY.FIELD1,FIELD2 for a compound key)" }
        return start + ", such as --key \(first) (likely keys: \(candidates.joined(separator: ", ")))"
    }
}
