/// The faults of a run, for its reports: the first ``cap`` in the order
/// they happened, and how many of each kind happened in all. A nemesis
/// that strikes every microsecond makes millions of faults; the log then
/// holds steady memory (``cap`` events and six counters) and its totals
/// stay exact. Like ``Timeline``, it keeps a long run's beginning.
public struct FaultLog: Hashable, Sendable, ExpressibleByArrayLiteral, CustomDebugStringConvertible {
    /// The most faults a log keeps. Reports draw every fault kept: an
    /// object of about 80 bytes each in the JSON, and up to two shaded
    /// spans with their tooltips (about 200 bytes each) per run on the
    /// HTML page, so 1,000 keeps a five-strategy page's faults near 2 MB.
    /// The busiest committed scenario (nemesis-soak) records 20 per run.
    public static let cap = 1_000

    /// The faults kept, in the order they happened: all of them while
    /// there are at most ``cap``, else the first ``cap``.
    public private(set) var events: [FaultEvent] = []
    /// Every fault, kept or not, per kind, in `FaultEvent.Kind.allCases` order.
    private var countsByKind = Array(repeating: 0, count: FaultEvent.Kind.allCases.count)
    /// When the first fault not kept happened: the log is complete before
    /// that moment and says nothing after it. Nil while every fault is kept.
    public private(set) var firstDroppedMicros: Int64?

    /// An empty log.
    public init() {}

    /// A log of `events`, in order, capped as a run's is.
    public init(_ events: some Sequence<FaultEvent>) {
        for event in events { append(event) }
    }

    /// A log of the faults listed, in order.
    public init(arrayLiteral events: FaultEvent...) {
        self.init(events)
    }

    /// Every fault the run recorded, kept or not.
    public var total: Int { countsByKind.reduce(0, +) }
    /// Faults counted but not kept.
    public var dropped: Int { total - events.count }
    /// True when some fault was not kept: ``events`` is the log's beginning only.
    public var isCapped: Bool { firstDroppedMicros != nil }

    /// Faults of `kind` the run recorded, kept or not.
    public func count(of kind: FaultEvent.Kind) -> Int {
        countsByKind[Self.slot(of: kind)]
    }

    /// Counts `event`, and keeps it while the log holds fewer than ``cap``.
    public mutating func append(_ event: FaultEvent) {
        countsByKind[Self.slot(of: event.kind)] += 1
        guard events.count < Self.cap else {
            if firstDroppedMicros == nil { firstDroppedMicros = event.atMicros }
            return
        }
        events.append(event)
    }

    /// A complete log prints as its events, so that a run's fingerprint
    /// reads as it did when the log was an array; a capped one adds what
    /// it did not keep and the counts per kind.
    public var debugDescription: String {
        let kept = String(reflecting: events)
        guard let firstDroppedMicros else { return kept }
        let counts = FaultEvent.Kind.allCases.map { "\($0.rawValue) \(count(of: $0))" }.joined(separator: ", ")
        return kept + " + \(dropped) more from atMicros \(firstDroppedMicros) (\(counts))"
    }

    /// `kind`'s place in `allCases`, without building that array on every
    /// fault (a nemesis may record one per event).
    private static func slot(of kind: FaultEvent.Kind) -> Int {
        switch kind {
        case .partition: 0
        case .cut: 1
        case .heal: 2
        case .crash: 3
        case .wipe: 4
        case .restart: 5
        }
    }
}
