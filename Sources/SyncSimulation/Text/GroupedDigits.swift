/// Whole numbers for people, grouped by thousands: `99928` → `99,928`. The
/// one place for the separator that error messages, the progress line and
/// the benchmark's table use.
public enum GroupedDigits {
    /// `number` in decimal, grouped by thousands with commas.
    public static func text(_ number: Int) -> String {
        text(digits: String(number))
    }

    /// A string of digits, such as `DecimalText.fixed(rate, digits: 0)`,
    /// with a leading `-` kept in front: `-123456` → `-123,456`.
    public static func text(digits: String) -> String {
        guard !digits.hasPrefix("-") else { return "-" + text(digits: String(digits.dropFirst())) }
        let digits = Array(digits)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
