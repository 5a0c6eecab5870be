/// Follows the duplicate count of every replica through virtual time.
///
/// Counts change only when a store commits, so the curve is a step function
/// and peak and duplicate-seconds are exact, not sampled. The figure
/// followed is the worst replica's count at each moment.
public struct DuplicateTracker: Sendable {
    /// Each replica's current duplicate count.
    public private(set) var counts: [Int]
    /// The highest of ``counts`` now.
    public private(set) var worst = 0
    /// The highest ``worst`` at any moment so far.
    public private(set) var peak = 0
    /// ∫ worst-replica duplicates dt, in record-microseconds.
    public private(set) var integralMicros: Int64 = 0
    private var lastChangeMicros: Int64 = 0

    /// A tracker of `replicaCount` replicas, each with no duplicate.
    public init(replicaCount: Int) {
        counts = Array(repeating: 0, count: replicaCount)
    }

    /// Records `replica`'s new count at `now`, closing the integral up to `now` first.
    public mutating func update(replica: Int, count: Int, atMicros now: Int64) {
        guard counts[replica] != count else { return }
        advance(to: now)
        counts[replica] = count
        worst = counts.max() ?? 0
        peak = max(peak, worst)
    }

    /// Closes the integral at the end of the run.
    public mutating func advance(to now: Int64) {
        precondition(now >= lastChangeMicros, "time went backwards")
        integralMicros += Int64(worst) * (now - lastChangeMicros)
        lastChangeMicros = now
    }
}
