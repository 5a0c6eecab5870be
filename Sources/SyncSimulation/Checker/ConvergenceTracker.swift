import SyncModel

/// Watches whether all replicas hold the same materialised state, and
/// since when.
///
/// Keeps a count of replicas per state digest, so each store change costs
/// O(1): all agree exactly when one digest remains. The dictionary is only
/// counted, never iterated in an order that could reach output.
public struct ConvergenceTracker: Sendable {
    private var digests: [StateDigest]
    private var replicasByDigest: [StateDigest: Int]
    /// When the current agreement began; nil while replicas differ.
    public private(set) var agreeingSinceMicros: Int64? = 0
    /// When the current disagreement began; nil while replicas agree.
    private var disagreeingSinceMicros: Int64?
    /// How long the replicas disagreed before the current disagreement,
    /// if any: the closed spells of ``disagreedMicros(until:)``.
    private var closedDisagreementMicros: Int64 = 0

    /// A tracker of `replicaCount` replicas, all empty and so agreeing from time 0.
    public init(replicaCount: Int) {
        digests = Array(repeating: .zero, count: replicaCount)
        replicasByDigest = [.zero: replicaCount]
    }

    /// The digest last seen for `replica`.
    public func digest(of replica: Int) -> StateDigest { digests[replica] }

    /// True when every replica holds the same state.
    public var allAgree: Bool { replicasByDigest.count == 1 }

    /// Replicas outside the largest group of identical user-visible states
    /// (``SyncModel/Record/materialisedDigest``): 0 when all
    /// agree, N−1 when every replica differs from every other.
    public var diverged: Int { digests.count - (replicasByDigest.values.max() ?? 0) }

    /// Records `replica`'s new digest at `now`, starting or ending the current agreement.
    public mutating func update(replica: Int, digest: StateDigest, atMicros now: Int64) {
        let old = digests[replica]
        guard old != digest else { return }
        digests[replica] = digest
        replicasByDigest[old]! -= 1
        if replicasByDigest[old] == 0 { replicasByDigest[old] = nil }
        replicasByDigest[digest, default: 0] += 1
        if allAgree {
            if agreeingSinceMicros == nil { agreeingSinceMicros = now }
            if let since = disagreeingSinceMicros {
                closedDisagreementMicros += now - since
                disagreeingSinceMicros = nil
            }
        } else {
            agreeingSinceMicros = nil
            if disagreeingSinceMicros == nil { disagreeingSinceMicros = now }
        }
    }

    /// How long, in all, not every replica held the same state, counting a
    /// disagreement still going on up to `horizon` (not before its start).
    public func disagreedMicros(until horizon: Int64) -> Int64 {
        guard let since = disagreeingSinceMicros else { return closedDisagreementMicros }
        return closedDisagreementMicros + max(0, horizon - since)
    }
}
