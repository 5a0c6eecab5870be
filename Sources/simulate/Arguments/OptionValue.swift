import Foundation
import SyncSimulation

/// How an option's text becomes a `Value`, and how help, errors and
/// completion describe it: the option's range lives here, once.
struct OptionValue<Value> {
    var spec: ValueSpec
    /// The range as a help line writes it (`1 to 500`); empty when the
    /// value has none.
    var range = ""
    /// The value of `text`; nil when it is not accepted (the parser then
    /// says what is), or an error of the value's own.
    let convert: (String) throws(UsageError) -> Value?
    /// How a help line writes a default of this type.
    var describe: (Value) -> String = { "\($0)" }

    /// The value of `text` given to `option`, or the error that says what
    /// is accepted (and the closest choice, when there are choices).
    func parse(_ text: String, for option: String) throws(UsageError) -> Value {
        guard let value = try convert(text) else {
            throw UsageError(message: "\(option) expects \(spec.accepts), got '\(Echo.text(text))'" + Suggestion.didYouMean(text, among: spec.choices ?? []))
        }
        return value
    }

    /// The same value under another placeholder (`T` in place of `N`).
    func called(_ placeholder: String) -> OptionValue {
        var copy = self
        copy.spec = ValueSpec(placeholder: placeholder, accepts: spec.accepts, choices: spec.choices, completion: spec.completion)
        return copy
    }
}

extension OptionValue<Int> {
    /// A whole number in `range`.
    static func whole(_ range: ClosedRange<Int>) -> OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "N", accepts: "a whole number from \(range.lowerBound) to \(range.upperBound)"),
                    range: rangeText(range), convert: { text in Int(text).flatMap { range.contains($0) ? $0 : nil } })
    }

    /// `1 to 500`; a bound of 10^10 or more as a power of ten (`1 to
    /// 10^12`), which reads where thirteen digits do not.
    static func rangeText(_ range: ClosedRange<Int>) -> String {
        func bound(_ number: Int) -> String {
            number >= 10_000_000_000 ? powerOfTen(number) ?? "\(number)" : "\(number)"
        }
        return "\(bound(range.lowerBound)) to \(bound(range.upperBound))"
    }

    /// `10^7` for 10000000; nil when `number` is not a power of ten.
    static func powerOfTen(_ number: Int) -> String? {
        var power = 0
        var rest = number
        while rest >= 10 && rest % 10 == 0 {
            rest /= 10
            power += 1
        }
        return rest == 1 ? "10^\(power)" : nil
    }
}

extension OptionValue<[Int]> {
    /// `1,2,4`: whole numbers in `range`, comma-separated.
    static func wholeNumbers(each range: ClosedRange<Int>) -> OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "LIST", accepts: "a comma-separated list of whole numbers from \(range.lowerBound) to \(range.upperBound)"),
                    range: OptionValue<Int>.rangeText(range),
                    convert: { text in
                        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { part in
                            Int(part.trimmingCharacters(in: .whitespaces)).flatMap { range.contains($0) ? $0 : nil }
                        }
                        return numbers.contains(nil) ? nil : numbers.map { $0! }
                    },
                    describe: { $0.map(String.init).joined(separator: ",") })
    }
}

extension OptionValue<String> {
    /// Any text, such as a path; `completion` says what a shell offers.
    static func text(_ placeholder: String, accepts: String, completion: ValueCompletion = .free) -> OptionValue {
        OptionValue(spec: ValueSpec(placeholder: placeholder, accepts: accepts, completion: completion), convert: { $0 })
    }

    /// Any text but the empty one.
    static func nonEmptyText(_ placeholder: String, accepts: String) -> OptionValue {
        OptionValue(spec: ValueSpec(placeholder: placeholder, accepts: accepts), convert: { $0.isEmpty ? nil : $0 })
    }

    /// One of `names`; `convert` checks a name another way (a catalog's
    /// lookup), else the name must be among them.
    static func oneOf(_ names: [String], _ placeholder: String, convert: ((String) -> String?)? = nil) -> OptionValue {
        OptionValue(spec: ValueSpec(placeholder: placeholder, accepts: "one of \(names.joined(separator: ", "))", choices: names, completion: .words(names)),
                    convert: { text in convert.map { $0(text) } ?? (names.contains(text) ? text : nil) })
    }
}

extension OptionValue where Value: RawRepresentable<String> {
    /// One of `cases`, by its raw value.
    static func oneOf(_ cases: [Value], _ placeholder: String) -> OptionValue {
        let names = cases.map(\.rawValue)
        return OptionValue(spec: ValueSpec(placeholder: placeholder, accepts: "one of \(names.joined(separator: ", "))", choices: names,
                                           completion: .words(names)),
                           convert: { text in cases.first { $0.rawValue == text } },
                           describe: \.rawValue)
    }
}
