import SyncSimulation

/// A usage error: one line naming the argument and what is allowed (exit 2).
struct UsageError: Error {
    let message: String

    /// `; did you mean --replicas?` for `--replica`: the dashes aside, so
    /// that they do not count as matching letters.
    static func didYouMean(option name: String, among options: [String]) -> String {
        func bare(_ name: String) -> String { String(name.drop { $0 == "-" }) }
        return Suggestion.closest(to: bare(name), among: options.map(bare)).map { "; did you mean --\($0)?" } ?? ""
    }
}
