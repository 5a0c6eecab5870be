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
        Prepared(self).value(number: number, count: count, random: &random)
    }

    /// A template read once for many rows: a pattern already cut at its
    /// `{n}`s, so a million-row import does not search each row's copy.
    struct Prepared {
        private let template: ValueTemplate
        private let parts: [Substring]

        init(_ template: ValueTemplate) {
            self.template = template
            if case .pattern(let pattern) = template {
                parts = pattern.split(separator: "{n}", omittingEmptySubsequences: false)
            } else {
                parts = []
            }
        }

        func value(number: Int, count: Int, random: inout Xoshiro256StarStar) -> FieldValue {
            switch template {
            case .pattern:
                let width = String(count).count
                let digits = String(number)
                let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
                return .string(parts.joined(separator: padded))
            case .choices(let values):
                return values[random.index(below: values.count)]
            }
        }
    }
}
