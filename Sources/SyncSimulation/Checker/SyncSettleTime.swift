/// How long sync may take, after a write or a heal, to carry it to every
/// device that syncs on a network that loses nothing, from the scenario's
/// own settings: a run that reaches `until` sooner than this after its
/// last write or heal, without quiescing, was cut short, and its liveness
/// is not judged (``Liveness/notJudged``). A write 1 ms before `until`
/// could not have reached another device; that is no broken promise.
///
/// The bound is a rule, not a measurement (docs/scenarios.md, "When a run
/// ends"): rounds × the longest round, where a round is the sync interval
/// plus its jitter (the wait for a device's next round) plus a request and
/// its reply at the longest message delay (twice that when messages may be
/// reordered, which holds one back by up to one more maximum delay). A
/// change crosses two hops through a hub or a server (up, then down), and
/// a mesh's gossip reaches twice as many devices each round, so
/// ⌈log₂ devices⌉ rounds; one more round is allowed for the last reply. A
/// strategy with a dedupe pass waits `dedupeDelay`, then syncs the pass's
/// changes again.
public enum SyncSettleTime {
    /// Microseconds sync may need after a write or heal in `scenario` under
    /// a strategy that runs a dedupe pass or not.
    public static func micros(_ scenario: Scenario, runsDedupePass: Bool) -> Int64 {
        // The largest of the settings is the same whatever order the links come in.
        let settings = [scenario.network] + Array(scenario.links.values)
        let messageMicros = settings.map { $0.delayMaxMicros * ($0.reorderProbability.threshold == 0 ? 1 : 2) }.max() ?? 0
        let roundMicros = scenario.sync.intervalMicros + scenario.sync.jitterMicros + 2 * messageMicros
        let hops: Int64
        if scenario.topology == .hub || scenario.server != nil {
            hops = 2
        } else {
            let devices = max(2, scenario.replicaCount)
            hops = Int64((devices - 1).bitWidth - (devices - 1).leadingZeroBitCount)   // ⌈log₂ devices⌉
        }
        let sync = (hops + 1) * roundMicros
        return runsDedupePass ? sync + scenario.dedupeDelayMicros + hops * roundMicros : sync
    }
}
