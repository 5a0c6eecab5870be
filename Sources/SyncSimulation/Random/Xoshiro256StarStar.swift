import SyncModel

/// xoshiro256** (Blackman and Vigna): the simulator's only source of
/// randomness. Our own code, so its outputs never change with a Swift
/// release; `Int.random(in:using:)`, `shuffled(using:)` and
/// `randomElement(using:)` are not used because their algorithms may.
/// No floating point in the draws: probabilities are compared as integers.
public struct Xoshiro256StarStar: Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is the first four outputs of SplitMix64 from `seed`.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    /// A generator with this exact state, for checking against the
    /// reference implementation's published outputs.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro state must not be all zero")
        (s0, s1, s2, s3) = state
    }

    /// An independent stream for one component: the run seed mixed with a
    /// stable hash of the component's name, so adding draws in one component
    /// never shifts another's.
    public init(seed: UInt64, stream: String) {
        var mixer = SplitMix64(seed: seed ^ StableHash.hash64(stream))
        self.init(seed: mixer.next())
    }

    /// The next value of the stream.
    public mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeftBy(7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3.rotatedLeftBy(45)
        return result
    }

    /// Uniform in `0 ..< bound` by Lemire's multiply-and-reject method:
    /// exact, no modulo bias.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "empty range")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// Uniform in `range`.
    public mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if width == 0 { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next(below: width))
    }

    /// Uniform index into a collection of `count` elements.
    public mutating func index(below count: Int) -> Int {
        Int(next(below: UInt64(count)))
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Probability) -> Bool {
        if probability.threshold == 0 { return false }
        return next() >> 11 < probability.threshold
    }
}

/// A probability held as a 53-bit integer threshold, so a draw is an integer
/// comparison and gives the same answer on every machine.
public struct Probability: Hashable, Sendable, CustomStringConvertible {
    static let scale: UInt64 = 1 << 53
    /// A draw below this, out of 2^53, succeeds.
    public let threshold: UInt64
    /// The probability as given, for printing only.
    public let value: Double

    /// The probability `value`, rounded to the nearest 2^-53; it must be from 0 to 1.
    public init(_ value: Double) {
        precondition(value >= 0 && value <= 1, "probability \(value) outside 0...1")
        self.value = value
        // + 0.5 then truncation rounds to nearest without needing libm.
        threshold = UInt64(value * Double(Probability.scale) + 0.5)
    }

    /// A probability of 0: no draw succeeds.
    public static let never = Probability(0)

    /// True when every draw succeeds: a link with this drop rate is dead.
    public var isCertain: Bool { threshold >= Probability.scale }

    /// `0.1`, and `0` or `1` rather than `0.0` or `1.0`.
    public var description: String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension UInt64 {
    @inline(__always)
    func rotatedLeftBy(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
