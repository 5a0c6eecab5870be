/// The strategies a user can name, by the words they type: the built-in
/// ones, one ``Entry`` each, then those registered with ``StrategyRegistry``.
///
/// The entries are the one list of built-in strategies: their order is
/// report order (the defaults first) and the order `simulate help` lists
/// them in, with each entry's summary; lint's advice reads them too. A new
/// strategy is its type and one line here.
public enum StrategyCatalog {
    /// One built-in strategy: the name a user types, the line help gives
    /// it, and how a run gets an instance.
    public struct Entry: Sendable {
        /// The name a user types: `unique:objectTrump`, `lww`, `crdt`, …
        public let name: String
        /// One line for `simulate help`'s list of strategies.
        public let summary: String
        /// Whether a scenario that names no strategies runs it.
        public let runsByDefault: Bool
        /// The entry this one is another name for (`dedupe:apple` is
        /// `dedupe`); results carry the name that was typed.
        public let aliasOf: String?
        private let make: @Sendable () -> any Strategy

        init(_ name: String, _ summary: String, byDefault runsByDefault: Bool = false, aliasOf: String? = nil,
             _ make: @escaping @Sendable () -> any Strategy) {
            self.name = name
            self.summary = summary
            self.runsByDefault = runsByDefault
            self.aliasOf = aliasOf
            self.make = make
        }

        /// A new instance (runs may be on several threads at once).
        public func strategy() -> any Strategy { make() }

        /// The word before the name's first colon (`unique` for
        /// `unique:error`, `lww` for `lww:field`): strategies of one
        /// family are variants of one approach.
        public var family: Substring { name.prefix { $0 != ":" } }
    }

    /// Every built-in strategy, the defaults first, in report order.
    public static let entries: [Entry] = [
        Entry("unique:error", "unique constraint, NSErrorMergePolicy: a colliding save fails", byDefault: true) {
            UniqueConstraintStrategy(policy: .error)
        },
        Entry("unique:objectTrump", "unique constraint, object-trump: SwiftData's upsert", byDefault: true) {
            UniqueConstraintStrategy(policy: .objectTrump)
        },
        Entry("unique:storeTrump", "unique constraint, store-trump: the stored values stay", byDefault: true) {
            UniqueConstraintStrategy(policy: .storeTrump)
        },
        Entry("unique:overwrite", "unique constraint, overwrite: the new record replaces", byDefault: true) {
            UniqueConstraintStrategy(policy: .overwrite)
        },
        Entry("unique:rollback", "unique constraint, rollback: the new record is discarded", byDefault: true) {
            UniqueConstraintStrategy(policy: .rollback)
        },
        Entry("lww", "CloudKit style, no dedupe: newest write wins per record", byDefault: true) {
            LastWriterWinsStrategy(granularity: .record)
        },
        Entry("dedupe", "fetch before insert, and Apple's dedupe pass after each sync", byDefault: true) {
            DedupeStrategy(variant: .apple, name: "dedupe")
        },
        Entry("crdt", "ids derived from the natural key, per-field merge", byDefault: true) { CRDTStrategy() },
        Entry("lww:field", "as lww, but newest write wins per field (not run by default)") { LastWriterWinsStrategy(granularity: .field) },
        Entry("keyid", "ids derived from the natural key, the stack's own merge: not a CRDT (not run by default)") { KeyIDStrategy() },
        Entry("dedupe:apple", "the same as dedupe; results carry the name you typed", aliasOf: "dedupe") { DedupeStrategy(variant: .apple) },
        Entry("dedupe:merge", "as dedupe, but the losers' newer values go to the winner") { DedupeStrategy(variant: .merge) },
        Entry("dedupe:deferred", "as dedupe, but losers are marked and deleted later") { DedupeStrategy(variant: .deferred) },
    ]

    /// The strategies compared when a scenario names none, in report order:
    /// the catalog's first entries (help says "the first N below").
    public static let defaultNames: [String] = {
        let names = entries.prefix(while: \.runsByDefault).map(\.name)
        precondition(!entries.dropFirst(names.count).contains(where: \.runsByDefault), "the default strategies come first in the catalog")
        return names
    }()

    /// Every built-in name, defaults first.
    public static let builtInNames = entries.map(\.name)

    /// Every name accepted: the built-in ones, then the registered ones.
    public static var allNames: [String] { builtInNames + StrategyRegistry.names }

    /// The entry called `name`, or nil (registered strategies have none).
    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The strategy called `name`, built in or registered, or nil.
    public static func strategy(named name: String) -> (any Strategy)? {
        builtInStrategy(named: name) ?? StrategyRegistry.strategy(named: name)
    }

    /// The built-in strategy called `name`, or nil.
    static func builtInStrategy(named name: String) -> (any Strategy)? {
        entry(named: name)?.strategy()
    }
}
