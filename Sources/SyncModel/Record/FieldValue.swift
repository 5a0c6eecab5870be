/// The value of one field. Unset is `nil` at the use site, never a case here,
/// so "unset" and "empty string" stay different things.
public enum FieldValue: Hashable, Comparable, Sendable, CustomStringConvertible {
    case string(String)
    case int(Int64)

    public var description: String {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        }
    }

    /// Ints order before strings; within a kind, the natural order. Used only
    /// to break ties deterministically, never as a business rule.
    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b
        case (.string(let a), .string(let b)): return a < b
        case (.int, .string): return true
        case (.string, .int): return false
        }
    }

    func write(to writer: inout ByteWriter) {
        switch self {
        case .string(let text):
            writer.append(1)
            writer.append(text)
        case .int(let number):
            writer.append(2)
            writer.append(number)
        }
    }
}
