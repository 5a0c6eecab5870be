import SyncSimulation

/// How reports say that a run's fault log was capped (``FaultLog``): the
/// faults shown are the run's first, and the counts cover every one.
enum FaultLogText {
    /// `first 1,000 of 4,212,377 faults shown`.
    static func shown(_ faults: FaultLog) -> String {
        "first \(GroupedDigits.text(faults.events.count)) of \(GroupedDigits.text(faults.total)) faults shown"
    }

    /// `2,105,302 partitions, 2,105,301 heals, 1,887 crashes and 1,887
    /// restarts`: every kind the run recorded, in ``FaultEvent/Kind`` order.
    static func counts(_ faults: FaultLog) -> String {
        Prose.list(FaultEvent.Kind.allCases.filter { faults.count(of: $0) > 0 }.map { kind in
            let count = faults.count(of: kind)
            return GroupedDigits.text(count) + " " + (count == 1 ? kind.rawValue : plural(kind))
        })
    }

    /// The line under a report's table for a run whose log was capped.
    static func notice(_ result: RunResult) -> String {
        "\(result.strategyLabel): \(shown(result.faults)) in the JSON and HTML reports (in all: \(counts(result.faults)))"
    }

    private static func plural(_ kind: FaultEvent.Kind) -> String {
        kind == .crash ? "crashes" : kind.rawValue + "s"
    }
}
