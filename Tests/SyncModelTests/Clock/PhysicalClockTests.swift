import SyncModel
import Testing

struct PhysicalClockTests {
    @Test func perfectClockReadsTrueTime() {
        #expect(PhysicalClock().reading(atTrueMicros: 123_456) == 123_456)
    }

    @Test func skewAndDrift() {
        let clock = PhysicalClock(skewMicros: -800_000, driftPartsPerBillion: 100_000)
        #expect(clock.reading(atTrueMicros: 10_000_000) == 9_201_000)
        #expect(clock.reading(atTrueMicros: 0) == -800_000)
    }

    @Test func skewOnlyIsAConstantOffset() {
        let clock = PhysicalClock(skewMicros: 250, driftPartsPerBillion: 0)
        #expect(clock.reading(atTrueMicros: 1_000) == 1_250)
        #expect(clock.reading(atTrueMicros: 9_000_000) == 9_000_250)
    }

    @Test func negativeDriftRunsSlow() {
        // 1 ppm slow: after 5 s the clock is 5 µs behind.
        let clock = PhysicalClock(skewMicros: 0, driftPartsPerBillion: -1_000)
        #expect(clock.reading(atTrueMicros: 5_000_000) == 4_999_995)
    }

    @Test func driftBelowOneMicrosecondIsTruncated() {
        // 100_000 ppb of 9_999 µs is 0.9999 µs.
        let clock = PhysicalClock(skewMicros: 0, driftPartsPerBillion: 100_000)
        #expect(clock.reading(atTrueMicros: 9_999) == 9_999)
        #expect(clock.reading(atTrueMicros: 10_000) == 10_001)
    }
}
