/// The strategies a user can name, by the words they type.
public enum StrategyCatalog {
    /// The eight compared by default, in report order.
    public static let defaultNames = [
        "unique:error", "unique:objectTrump", "unique:storeTrump", "unique:overwrite", "unique:rollback",
        "lww", "dedupe", "crdt",
    ]

    /// Every name accepted, defaults first.
    public static let allNames = defaultNames + ["lww:field"] + DedupeStrategy.Variant.allCases.map { "dedupe:\($0.rawValue)" }

    /// The strategy called `name`, or nil if there is none.
    public static func strategy(named name: String) -> (any Strategy)? {
        switch name {
        case "lww": return LastWriterWinsStrategy(granularity: .record)
        case "lww:field": return LastWriterWinsStrategy(granularity: .field)
        case "dedupe": return DedupeStrategy(variant: .apple, name: name)
        case "crdt": return CRDTStrategy()
        default:
            if name.hasPrefix("dedupe:") {
                return DedupeStrategy.Variant(rawValue: String(name.dropFirst("dedupe:".count))).map { DedupeStrategy(variant: $0) }
            }
            guard name.hasPrefix("unique:"),
                  let policy = UniqueConstraintStrategy.MergePolicy(rawValue: String(name.dropFirst("unique:".count)))
            else { return nil }
            return UniqueConstraintStrategy(policy: policy)
        }
    }
}
