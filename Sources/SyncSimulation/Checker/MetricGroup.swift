/// The JSON objects that hold a group of metrics (`duplicates: { final,
/// peak, seconds }`), and what docs/report-schema.json says of each: the
/// one thing about a metric's JSON its own spec (``MetricSpec``) cannot
/// say. A group's metrics are the catalog's specs whose path starts with
/// its key.
public struct MetricGroup: Sendable {
    /// The group's key in a result: `duplicates`.
    public let key: String
    /// What the group holds, for docs/report-schema.json.
    public let detail: String
}

extension Metric {
    /// Every group of ``catalog``, each once.
    public static let groups: [MetricGroup] = [
        MetricGroup(key: "duplicates", detail: "Per replica, live records minus distinct natural keys, summed over entities and unique keys, among "
                + "the records a fetch returns (`dedupe:deferred`'s marked losers are hidden: `markedLosers`). Counts "
                + "change only on commit, so the worst-replica curve is a step function and its peak and integral are "
                + "exact, not sampled."),
        MetricGroup(key: "markedLosers", detail: "Live records the app's fetches hide from its users: `dedupe:deferred`'s losers marked with "
                + "`deduplicatedDate` and not yet deleted, which Apple's sharing sample leaves out of every fetch. They "
                + "are not counted in `duplicates`. 0 for every strategy that marks nothing."),
        MetricGroup(key: "rejectedDetail", detail: "The parts of `rejected`."),
        MetricGroup(key: "lostWritesDetail", detail: "The parts of `lostWrites`."),
        MetricGroup(key: "race", detail: "What concurrent writers did (steps with `writers`)."),
        MetricGroup(key: "network", detail: "Messages sent, dropped (at random, or by a partition at send or in flight), duplicated by the "
                + "network, delivered, and estimated bytes sent (a fixed, documented size per item)."),
    ]
}
