/// SplitMix64 (Steele, Lea and Flood): turns one seed into a stream of
/// well-mixed 64-bit values. Used only to seed ``Xoshiro256StarStar`` and to
/// derive sub-seeds, as TigerBeetle's PRNG does.
public struct SplitMix64: Sendable {
    /// The generator's state: the seed plus the golden-ratio increment times the draws made.
    public private(set) var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next value of the stream.
    public mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
