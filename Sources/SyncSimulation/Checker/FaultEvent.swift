/// A fault on the run's timeline, for the charts.
public struct FaultEvent: Hashable, Sendable {
    /// The kinds of fault a timeline shows, in the order reports list them.
    public enum Kind: String, Sendable, CaseIterable {
        case partition, cut, heal, crash, wipe, restart
    }

    /// When it happened, in virtual microseconds.
    public let atMicros: Int64
    /// What happened.
    public let kind: Kind
    /// The replicas it concerns (partition: every group, joined by `|`;
    /// cut: the senders and the receivers they can no longer reach, `a,b -> c`).
    public let detail: String

    /// A fault of `kind` at `atMicros`.
    public init(atMicros: Int64, kind: Kind, detail: String) {
        self.atMicros = atMicros
        self.kind = kind
        self.detail = detail
    }
}
