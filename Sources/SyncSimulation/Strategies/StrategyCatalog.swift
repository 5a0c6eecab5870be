/// The strategies a user can name, by the words they type: the built-in
/// ones, then those registered with ``StrategyRegistry``.
public enum StrategyCatalog {
    /// The eight compared by default, in report order.
    public static let defaultNames = [
        "unique:error", "unique:objectTrump", "unique:storeTrump", "unique:overwrite", "unique:rollback",
        "lww", "dedupe", "crdt",
    ]

    /// Every built-in name, defaults first.
    public static let builtInNames = defaultNames + ["lww:field", "keyid"] + DedupeStrategy.Variant.allCases.map { "dedupe:\($0.rawValue)" }

    /// Every name accepted: the built-in ones, then the registered ones.
    public static var allNames: [String] { builtInNames + StrategyRegistry.names }

    /// The strategy called `name`, built in or registered, or nil.
    public static func strategy(named name: String) -> (any Strategy)? {
        builtInStrategy(named: name) ?? StrategyRegistry.strategy(named: name)
    }

    /// The built-in strategy called `name`, or nil.
    static func builtInStrategy(named name: String) -> (any Strategy)? {
        switch name {
        case "lww": return LastWriterWinsStrategy(granularity: .record)
        case "lww:field": return LastWriterWinsStrategy(granularity: .field)
        case "dedupe": return DedupeStrategy(variant: .apple, name: name)
        case "crdt": return CRDTStrategy()
        case "keyid": return KeyIDStrategy()
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
