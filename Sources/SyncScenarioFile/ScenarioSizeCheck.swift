import SyncSimulation

/// The work estimate a reader holds a file to before the parser's passes
/// over its imports and keys: checking that an update names a created key,
/// or reading the keys a value expectation names, expands every imported
/// row, and twenty million-row imports take half a minute and 200 MB to
/// expand. The estimate reads only the steps' counts, so a file too large
/// is refused in milliseconds instead (issue 41).
///
/// A lower bound of what the command will refuse: the file is over the
/// budget only when each strategy it may run is over it alone (an
/// estimate grows with the strategies run), so a command that runs fewer
/// strategies than the file lists (`check` runs those its expectations
/// name) never sees a file refused here that it would have run. The
/// message is the estimate of every strategy, as the command's own is.
public struct ScenarioSizeCheck: Sendable {
    /// What a file over the budget gets.
    public enum OverBudget: Sendable {
        /// An error, `too large: …`: `run`, `check`, `sweep` and `explore`
        /// refuse such a file anyway (`--allow-large` lifts the budget).
        case refuse
        /// No passes over imports and keys: a reader that runs none of the
        /// file's steps (`advise` reads its schema) need not expand them.
        case skipKeyPasses
    }

    /// The budget and the limits that cap the estimate (``RunLimits/estimate(_:strategies:runs:parallel:)``).
    public var limits: RunLimits
    /// `--strategies`; nil: the file's own (or its stack's defaults).
    public var strategyNames: [String]?
    public var overBudget: OverBudget
    /// Where a refusal is, after `too large`: a sweep's point (`at network.drop=0.1`).
    public var place: String?

    public init(limits: RunLimits, strategyNames: [String]? = nil, overBudget: OverBudget = .refuse, place: String? = nil) {
        self.limits = limits
        self.strategyNames = strategyNames
        self.overBudget = overBudget
        self.place = place
    }

    /// Why `scenario` is over the budget under `names`, nil when some
    /// strategy of them alone fits (see the type's summary).
    func refusal(_ scenario: Scenario, strategies names: [String]) -> String? {
        let strategies = names.compactMap(StrategyCatalog.strategy(named:))
        guard !strategies.isEmpty, strategies.allSatisfy({ limits.refusal(scenario, strategies: [$0]) != nil }) else { return nil }
        return limits.refusal(scenario, strategies: strategies)
    }

    /// `too large: …` or `too large at …: …`, as the commands word it.
    func message(_ refusal: String) -> String {
        "too large" + (place.map { " \($0)" } ?? "") + ": " + refusal
    }
}
