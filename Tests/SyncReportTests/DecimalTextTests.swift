import SyncReport
import Testing

struct DecimalTextTests {
    // MARK: seconds(micros:)

    @Test(arguments: [
        (Int64(2_520_648), "2.520648"),
        (2_000_000, "2"),
        (0, "0"),
        (1, "0.000001"),
        (10, "0.00001"),
        (100_000, "0.1"),
        (1_500_000, "1.5"),
        (999_999, "0.999999"),
        (60_000_000, "60"),
        (Int64.max, "9223372036854.775807"),
    ])
    func secondsTrimsTrailingZeros(micros: Int64, expected: String) {
        #expect(DecimalText.seconds(micros: micros) == expected)
    }

    @Test(arguments: [
        (Int64(-1), "-0.000001"),
        (-2_520_648, "-2.520648"),
        (-2_000_000, "-2"),
        (-100_000, "-0.1"),
        (Int64.min, "-9223372036854.775808"),
    ])
    func secondsOfNegativeValues(micros: Int64, expected: String) {
        #expect(DecimalText.seconds(micros: micros) == expected)
    }

    // MARK: seconds(micros:digits:)

    @Test(arguments: [
        (Int64(1_234_567), 3, "1.235"),
        (1_234_567, 0, "1"),
        (1_234_567, 1, "1.2"),
        (1_234_567, 6, "1.234567"),
        (1_234_500, 3, "1.235"), // a tie rounds up
        (1_234_499, 3, "1.234"),
        (1_500_000, 0, "2"), // a tie rounds up
        (1_499_999, 0, "1"),
        (999_950, 1, "1.0"), // the carry reaches the whole part
        (949_999, 1, "0.9"),
        (2_000_000, 1, "2.0"), // exactly `digits` decimals, zeros kept
        (0, 3, "0.000"),
        (0, 0, "0"),
        (50, 4, "0.0001"),
        (49, 4, "0.0000"),
        (5, 5, "0.00001"),
        (36_220_800, 1, "36.2"),
        (341_408, 3, "0.341"),
    ])
    func secondsRoundedHalfUp(micros: Int64, digits: Int, expected: String) {
        #expect(DecimalText.seconds(micros: micros, digits: digits) == expected)
    }

    @Test(arguments: [
        (Int64(-1_234_567), 3, "-1.235"),
        (-1_234_567, 0, "-1"),
        (-2_000_000, 1, "-2.0"),
        (-999_950, 1, "-1.0"),
    ])
    func roundedSecondsOfNegativeValues(micros: Int64, digits: Int, expected: String) {
        #expect(DecimalText.seconds(micros: micros, digits: digits) == expected)
    }

    @Test func roundedSecondsAgreeWithTrimmedSecondsAtSixDigits() {
        for micros: Int64 in [0, 1, 7, 120, 2_520_648, 2_000_000, 59_999_999] {
            var trimmed = DecimalText.seconds(micros: micros)
            if !trimmed.contains(".") { trimmed += "." }
            let decimals = trimmed.count - 1 - trimmed.firstIndex(of: ".")!.utf16Offset(in: trimmed)
            trimmed += String(repeating: "0", count: 6 - decimals)
            #expect(DecimalText.seconds(micros: micros, digits: 6) == trimmed, "micros \(micros)")
        }
    }

    // MARK: duration(micros:)

    @Test(arguments: [
        (Int64(5_000), "5 ms"),
        (2_000_000, "2 s"),
        (1_500_000, "1.5 s"),
        (250, "0.00025 s"),
        (0, "0 ms"),
        (1, "0.000001 s"),
        (20_000, "20 ms"),
        (80_000, "80 ms"),
        (100_000, "100 ms"),
        (999_000, "999 ms"),
        (1_000_000, "1 s"),
        (1_234_000, "1.234 s"),
        (60_000_000, "60 s"),
        (1_000_500, "1.0005 s"), // not a whole number of milliseconds
        (890_969, "0.890969 s"),
    ])
    func duration(micros: Int64, expected: String) {
        #expect(DecimalText.duration(micros: micros) == expected)
        #expect(!DecimalText.duration(micros: micros).contains("µs"), "times print in seconds or milliseconds, never microseconds")
    }

    // MARK: fixed(_:digits:)

    @Test(arguments: [
        (1.5, 0, "2"),
        (2.4, 0, "2"),
        (3.0, 0, "3"),
        (5526.4, 0, "5526"),
        (2.0, 3, "2.000"),
        (0.0, 2, "0.00"),
        (0.0, 0, "0"),
        (12.345678, 2, "12.35"),
        (1234.5678, 1, "1234.6"),
        (0.027325, 6, "0.027325"),
        (0.0000004, 6, "0.000000"),
        (0.0000006, 6, "0.000001"),
        (0.999_999_7, 6, "1.000000"), // the carry reaches the whole part
        (0.05, 3, "0.050"),
    ])
    func fixed(value: Double, digits: Int, expected: String) {
        #expect(DecimalText.fixed(value, digits: digits) == expected)
    }
}
