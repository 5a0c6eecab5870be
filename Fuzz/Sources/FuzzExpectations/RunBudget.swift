import SyncSim

/// Whether a parsed scenario is small enough to run in tens of milliseconds
/// under the address sanitizer, so the fuzzer spends its time on many
/// inputs rather than on one long run. Measured on `Scenarios/` (debug,
/// ASan, two strategies, every output rendered; `SYNCSIM_FUZZ_NO_BUDGET=1
/// SYNCSIM_FUZZ_VERBOSE=1` prints the figures): most files take 20-300 ms
/// and pass; `default` (257 steps, 13 s), `nemesis-soak` (301 steps, 3.6 s),
/// `crash-restart` (63 steps, 1.7 s), `dedupe-paged-fetch` (95 steps) and
/// the `rollout-*` files (4,032 sync rounds, 1.2-3.5 s) do not. Sync
/// rounds alone predict little, as a run ends once it has settled; steps
/// (random workloads expand into many), rows and writers weigh more.
enum RunBudget {
    static let endpointsMax = 5
    static let stepsMax = 32
    /// Sync rounds of all endpoints over the whole run (until ÷ interval ×
    /// endpoints): the default 60 s at 100 ms with 3 replicas is 1,800.
    static let syncRoundsMax: Int64 = 2_000
    static let nemesisRoundsMax: Int64 = 200
    /// Rows saved by all imports, creates and seeds together.
    static let rowsMax = 200
    static let writersMax = 24

    static func allows(_ scenario: Scenario) -> Bool {
        guard scenario.endpointCount <= endpointsMax, scenario.steps.count <= stepsMax else { return false }
        guard syncRounds(scenario) <= syncRoundsMax else { return false }
        var rows = 0
        var writers = 0
        for step in scenario.steps {
            switch step.action {
            case .intent(_, let intent):
                rows += intent.rowCount
            case .writers(_, let intent, let count):
                writers += count
                rows += intent.rowCount * count
            case .seedIfEmpty(_, _, let seeded):
                rows += seeded.count
            case .nemesis(let settings):
                guard (settings.untilMicros - step.atMicros) / settings.everyMicros <= nemesisRoundsMax else { return false }
            default:
                break
            }
        }
        return rows <= rowsMax && writers <= writersMax
    }

    /// Saturating: a run of 10^18 µs at 1 µs is simply over the budget.
    static func syncRounds(_ scenario: Scenario) -> Int64 {
        let (rounds, overflow) = (scenario.untilMicros / scenario.sync.intervalMicros)
            .multipliedReportingOverflow(by: Int64(scenario.endpointCount))
        return overflow ? .max : rounds
    }

    /// The figures the budget looks at, for `SYNCSIM_FUZZ_VERBOSE=1`.
    static func describe(_ scenario: Scenario) -> String {
        "\(scenario.endpointCount) endpoints, \(scenario.steps.count) steps, \(syncRounds(scenario)) sync rounds"
    }
}

extension Intent {
    var rowCount: Int {
        if case .save(let rows) = self { return rows.count }
        return 1
    }
}
