/// A tiny seeded generator for the property tests of every test target:
/// SplitMix64 (Steele, Lea and
/// Flood), so a seed gives the same draws in every process and Swift
/// version. The standard library's `random(in:using:)`, `shuffled(using:)`
/// and `randomElement(using:)` are avoided on purpose: their algorithms may
/// change between Swift versions.
public struct TestRandom {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A draw in `0 ..< bound`; the modulo bias is irrelevant for tests.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "empty range")
        return Int(next() % UInt64(bound))
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Fisher–Yates with this generator's draws.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
    }
}
