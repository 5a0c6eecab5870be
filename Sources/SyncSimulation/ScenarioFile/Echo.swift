import Foundation

/// A value a person wrote, as an error message repeats it: whole when it
/// is short, else its start and how much was left out. A message is one
/// line for a person; a 100 KB value pasted into it helps no one.
enum Echo {
    static let limit = 80

    /// `"abc"` → `abc`; a 100,000-character value → its first 72
    /// characters, then `…(99,928 more)`. Line breaks read as `\n`.
    static func text(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        guard flat.count > limit else { return flat }
        let kept = limit - 8
        return "\(flat.prefix(kept))…(\(grouped(flat.count - kept)) more)"
    }

    /// 99928 → `99,928`.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

extension Echo {
    /// Names a file defined, listed for an error: each shortened, and at
    /// most `limit` of them (`r1, r2, … and 480 more`).
    static func list(_ names: some Collection<String>, limit: Int = 20) -> String {
        let shown = names.prefix(limit).map { text($0) }.joined(separator: ", ")
        return names.count > limit ? "\(shown) and \(names.count - limit) more" : shown
    }
}
