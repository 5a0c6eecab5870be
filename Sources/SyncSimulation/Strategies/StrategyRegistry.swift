/// Strategies added by name from outside the package: register one before
/// parsing scenario files or running sweeps, and every place that accepts a
/// strategy name (scenario files' `strategies` and `expect`, `--strategies`,
/// sweeps, reports, explore) accepts it, after the built-in ones
/// (``StrategyCatalog``).
///
/// ```swift
/// try StrategyRegistry.register("dedupe:newest") { NewestWinsDedupe() }
/// ```
///
/// Presets judge a registered strategy by what it declares: a stack that
/// allows no unique constraint (`nspckc`, `sqlitedata`) refuses one whose
/// store enforces uniqueness, and a stack that names records itself
/// (`nspckc`) refuses one that syncs records as CRDTs.
public enum StrategyRegistry {
    /// Why a name was refused.
    public struct RegistrationError: Error, CustomStringConvertible, Sendable {
        /// What was wrong with the name, for a person.
        public let description: String
    }

    private struct Entry: Sendable {
        let name: String
        let make: @Sendable () -> any Strategy
    }

    /// Registration order is the order names are listed in: deterministic
    /// in any process, unlike a dictionary's.
    private static let entries = LockedBox<[Entry]>([])
    /// Registrations that hold only inside ``withRegistered(_:_:body:)``, on
    /// the task that made them: tests register names without changing what
    /// every other test in the process sees.
    @TaskLocal private static var scoped: [Entry] = []

    /// Adds `name`; `make` builds the strategy for each run (runs may be on
    /// several threads at once). Names use letters, digits and `:_-.`, and
    /// may not repeat a built-in or registered name.
    public static func register(_ name: String, _ make: @escaping @Sendable () -> any Strategy) throws(RegistrationError) {
        try check(name)
        let added = entries.withLock { entries -> Bool in
            guard !entries.contains(where: { $0.name == name }) else { return false }
            entries.append(Entry(name: name, make: make))
            return true
        }
        guard added else { throw alreadyRegistered(name) }
    }

    /// Runs `body` with `name` registered for the current task only (and
    /// the tasks it starts); the process-wide registry is untouched. Work
    /// handed to other threads (a sweep's workers) does not see it.
    public static func withRegistered<Result>(_ name: String, _ make: @escaping @Sendable () -> any Strategy,
                                              body: () throws -> Result) throws -> Result {
        try check(name)
        return try $scoped.withValue(scoped + [Entry(name: name, make: make)], operation: body)
    }

    /// The registered names, in registration order (those of
    /// ``withRegistered(_:_:body:)`` last).
    public static var names: [String] { entries.withLock { $0.map(\.name) } + scoped.map(\.name) }

    /// A new instance of the strategy registered as `name`, or nil.
    public static func strategy(named name: String) -> (any Strategy)? {
        let make = scoped.first { $0.name == name }?.make ?? entries.withLock { $0.first { $0.name == name }?.make }
        return make?()
    }

    private static func check(_ name: String) throws(RegistrationError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:_-.")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else {
            throw RegistrationError(description: "strategy name '\(name)': use letters, digits and ':_-.' only")
        }
        guard StrategyCatalog.builtInStrategy(named: name) == nil, name != "*" else {
            throw RegistrationError(description: "strategy name '\(name)' is built in")
        }
        guard !names.contains(name) else { throw alreadyRegistered(name) }
    }

    private static func alreadyRegistered(_ name: String) -> RegistrationError {
        RegistrationError(description: "strategy name '\(name)' is already registered")
    }
}
