/// SplitMix64 (Steele, Lea and Flood): turns one seed into a stream of
/// well-mixed 64-bit values. Used only to seed ``Xoshiro256StarStar`` and to
/// derive sub-seeds, as TigerBeetle's PRNG does.
public struct SplitMix64: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
