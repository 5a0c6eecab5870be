import SyncSimulation

/// The swarm generator's draws, all from one seeded xoshiro256** stream:
/// whole numbers and per-mille chances only, never `Int.random(in:)`,
/// `shuffled` or `randomElement`, whose algorithms may change with Swift.
struct SwarmRandom {
    private var generator: Xoshiro256StarStar

    init(seed: UInt64, stream: String) {
        generator = Xoshiro256StarStar(seed: seed, stream: stream)
    }

    /// Uniform in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int(generator.next(in: Int64(range.lowerBound) ... Int64(range.upperBound)))
    }

    /// Uniform in `range`.
    mutating func micros(_ range: ClosedRange<Int64>) -> Int64 {
        generator.next(in: range)
    }

    /// True `perMille` times in a thousand.
    mutating func chance(perMille: Int) -> Bool {
        generator.index(below: 1_000) < perMille
    }

    /// One element, uniformly.
    mutating func pick<T>(_ elements: [T]) -> T {
        precondition(!elements.isEmpty, "nothing to pick from")
        return elements[generator.index(below: elements.count)]
    }

    /// `count` distinct elements of `elements`, in their original order.
    mutating func subset<T>(_ elements: [T], count: Int) -> [T] {
        precondition(count <= elements.count, "subset larger than the set")
        var chosen = Array(repeating: false, count: elements.count)
        var left = count
        while left > 0 {
            let index = generator.index(below: elements.count)
            if !chosen[index] {
                chosen[index] = true
                left -= 1
            }
        }
        return elements.indices.filter { chosen[$0] }.map { elements[$0] }
    }

    /// A probability of `0 … maxPerMille` thousandths, drawn uniformly.
    mutating func probability(maxPerMille: Int) -> Probability {
        Probability(Double(int(0 ... maxPerMille)) / 1_000)
    }
}
