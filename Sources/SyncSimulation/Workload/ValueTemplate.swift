import SyncModel

/// How generated rows fill one field: a pattern with `{n}` standing for
/// the row's number (zero-padded to the width of the largest number), or a
/// list of values drawn at random.
public enum ValueTemplate: Hashable, Sendable {
    case pattern(String)
    case choices([FieldValue])

    /// The default for a field: `email-007`.
    public static func numbered(_ field: String) -> ValueTemplate { .pattern("\(field)-{n}") }

    /// The value for row `number` of `count`, drawing from `random` only
    /// for a list.
    func value(number: Int, count: Int, random: inout Xoshiro256StarStar) -> FieldValue {
        switch self {
        case .pattern(let pattern):
            let width = String(count).count
            let digits = String(number)
            let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
            return .string(pattern.replacingAll("{n}", with: padded))
        case .choices(let values):
            return values[random.index(below: values.count)]
        }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
