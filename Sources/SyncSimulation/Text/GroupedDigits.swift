/// Whole numbers for people, grouped by thousands: `99928` → `99,928`. The
/// one place for the separator that error messages, the progress line and
/// the benchmark's table use.
public enum GroupedDigits {
    /// `number` in decimal, grouped by thousands with commas.
    public static func text(_ number: Int) -> String {
        text(digits: String(number))
    }

    /// A string of digits, such as `DecimalText.fixed(rate, digits: 0)`.
    public static func text(digits: String) -> String {
        let digits = Array(digits)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
