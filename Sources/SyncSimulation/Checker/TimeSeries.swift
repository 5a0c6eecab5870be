/// The duplicate count over virtual time, at a fixed resolution and in
/// bounded memory whatever the run's length: when the buckets would pass
/// ``DuplicateSeries/maxBuckets``, neighbours merge in pairs and the
/// resolution doubles. Each bucket holds the highest count seen in it, so
/// no peak is lost by merging.
public struct DuplicateSeries: Hashable, Sendable {
    /// The most buckets a series keeps before it merges neighbours.
    public static let maxBuckets = 2_048

    /// Width of one bucket, in virtual microseconds.
    public private(set) var resolutionMicros: Int64
    /// Per bucket: the worst replica's highest duplicate count in it.
    public private(set) var worst: [Int] = []
    /// Per replica, per bucket, when recorded (`seriesPerReplica`).
    public private(set) var perReplica: [[Int]]?
    /// The counts holding now: what a new bucket starts from.
    private var currentWorst = 0
    private var currentPerReplica: [Int]

    /// An empty series; `perReplica` also records each replica's own counts. `resolutionMicros` must be positive.
    public init(resolutionMicros: Int64, replicaCount: Int, perReplica: Bool) {
        precondition(resolutionMicros > 0, "resolution must be positive")
        self.resolutionMicros = resolutionMicros
        self.perReplica = perReplica ? Array(repeating: [], count: replicaCount) : nil
        currentPerReplica = Array(repeating: 0, count: replicaCount)
    }

    /// Records the counts holding from `atMicros` on.
    mutating func record(worst count: Int, replicaCounts: [Int], atMicros now: Int64) {
        var bucket = Int(now / resolutionMicros)
        while bucket >= Self.maxBuckets {
            halve()
            bucket = Int(now / resolutionMicros)
        }
        extend(to: bucket)
        currentWorst = count
        currentPerReplica = replicaCounts
        worst[bucket] = max(worst[bucket], count)
        if perReplica != nil {
            for replica in replicaCounts.indices {
                perReplica![replica][bucket] = max(perReplica![replica][bucket], replicaCounts[replica])
            }
        }
    }

    /// Carries the last counts on to the bucket of `atMicros` (the end).
    mutating func close(atMicros now: Int64) {
        var bucket = Int(now / resolutionMicros)
        while bucket >= Self.maxBuckets {
            halve()
            bucket = Int(now / resolutionMicros)
        }
        extend(to: bucket)
    }

    /// New buckets start at the counts holding when the previous one ended
    /// (not at its peak).
    private mutating func extend(to bucket: Int) {
        while worst.count <= bucket {
            worst.append(currentWorst)
            if perReplica != nil {
                for replica in perReplica!.indices { perReplica![replica].append(currentPerReplica[replica]) }
            }
        }
    }

    private mutating func halve() {
        func merged(_ values: [Int]) -> [Int] {
            stride(from: 0, to: values.count, by: 2).map { index in
                index + 1 < values.count ? max(values[index], values[index + 1]) : values[index]
            }
        }
        worst = merged(worst)
        if perReplica != nil { perReplica = perReplica!.map(merged) }
        resolutionMicros *= 2
    }
}
