/// A value a person wrote, as an error message repeats it: whole when it
/// is short, else its start and how much was left out. A message is one
/// line for a person; a 100 KB value pasted into it helps no one. Every
/// error that quotes what was typed (an option's value, a name in a file)
/// quotes it through here, ``Suggestion/didYouMean(_:among:quote:)`` too.
public enum Echo {
    /// The most characters ``text(_:)`` gives back whole.
    public static let limit = 80

    /// `"abc"` → `abc`; a 100,000-character value → its first 72
    /// characters, then `…(99,928 more)`. Line breaks read as `\n`, other
    /// control characters as `\u{0}`, so a message stays one printable line.
    public static func text(_ value: String) -> String {
        var flat = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": flat += "\\n"
            case "\r": flat += "\\r"
            case "\t": flat += "\\t"
            case _ where scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value):
                flat += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: flat.unicodeScalars.append(scalar)
            }
        }
        guard flat.count > limit else { return flat }
        let kept = limit - 8
        return "\(flat.prefix(kept))…(\(GroupedDigits.text(flat.count - kept)) more)"
    }
}

extension Echo {
    /// Names a file defined, listed for an error: each shortened, and at
    /// most `limit` of them (`r1, r2, … and 480 more`).
    public static func list(_ names: some Collection<String>, limit: Int = 20) -> String {
        let shown = names.prefix(limit).map { text($0) }.joined(separator: ", ")
        return names.count > limit ? "\(shown) and \(names.count - limit) more" : shown
    }
}
