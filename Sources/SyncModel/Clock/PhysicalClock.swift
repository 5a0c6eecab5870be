/// A replica's physical clock: true virtual time, plus a fixed skew, plus a
/// drift that grows with time. Integers only, so a reading is the same on
/// every machine.
public struct PhysicalClock: Hashable, Sendable {
    /// Constant offset from true time, in microseconds (negative: behind).
    public var skewMicros: Int64
    /// Rate error in parts per billion: `100_000` is a drift of 0.0001.
    public var driftPartsPerBillion: Int64

    /// A clock with the given skew and drift; the defaults read true time exactly.
    public init(skewMicros: Int64 = 0, driftPartsPerBillion: Int64 = 0) {
        self.skewMicros = skewMicros
        self.driftPartsPerBillion = driftPartsPerBillion
    }

    /// What this clock reads at true virtual time `trueMicros`.
    public func reading(atTrueMicros trueMicros: Int64) -> Int64 {
        let (product, overflow) = trueMicros.multipliedReportingOverflow(by: driftPartsPerBillion)
        precondition(!overflow, "clock drift overflow at \(trueMicros) µs")
        return trueMicros + skewMicros + product / 1_000_000_000
    }
}
