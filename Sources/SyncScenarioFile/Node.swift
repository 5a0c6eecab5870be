import Foundation
import SyncModel
import SyncSimulation

/// A value in a scenario document together with where it stands, so that
/// every accessor can fail with the file, the path and what it found.
struct Node {
    let value: JSON5Value
    let path: String
    let file: String

    func error(_ message: String) -> ScenarioFileError {
        ScenarioFileError(file: file, path: path, message: message)
    }

    func expected(_ what: String) -> ScenarioFileError {
        error("expected \(what), found \(shortDescription)")
    }

    /// How the value reads in an error message (``JSON5Value/shortDescription``),
    /// a number as it reads here (``numberValue``), except one beyond what
    /// a 64-bit number holds, which shows its literal and why
    /// (``JSON5Number/outOfRangeNote(literal:)``): `1e400` is valid JSON5
    /// and reads as infinity, which no setting takes.
    var shortDescription: String {
        guard case .number(let literal) = value, let number = numberValue else { return value.shortDescription }
        if let note = number.outOfRangeNote(literal: literal) { return "\(Echo.text(literal)) (\(note))" }
        return number.description
    }

    /// The number the value reads as (``JSON5Number``); nil for anything
    /// but a number.
    var numberValue: JSON5Number? {
        guard case .number = value else { return nil }
        return value.numberValue
    }

    /// `expected one of "mesh", "hub", found "hbu"; did you mean "hub"?`:
    /// `text`, read from this node, is none of `names`.
    func expected(oneOf names: [String], found text: String) -> ScenarioFileError {
        error(Self.expectedMessage(oneOf: names, found: text))
    }

    /// The message of ``expected(oneOf:found:)``, for a check made after
    /// the file was read (a variant the stack it is moved to lacks).
    static func expectedMessage(oneOf names: [String], found text: String) -> String {
        "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(Echo.text(text))\""
            + Suggestion.didYouMean(text, among: names, quote: "\"")
    }

    /// A member's node; its path shows a long key shortened (``Echo``).
    func child(_ key: String, _ value: JSON5Value) -> Node {
        let shown = Echo.text(key)
        return Node(value: value, path: path.isEmpty ? shown : "\(path).\(shown)", file: file)
    }

    func element(_ index: Int, _ value: JSON5Value) -> Node {
        Node(value: value, path: "\(path)[\(index)]", file: file)
    }

    // MARK: Scalars

    func string() throws(ScenarioFileError) -> String {
        guard case .string(let text) = value else { throw expected("a string") }
        return text
    }

    func nonEmptyString() throws(ScenarioFileError) -> String {
        let text = try string()
        guard !text.isEmpty else { throw error("expected a non-empty string") }
        return text
    }

    func int(in range: ClosedRange<Int64>) throws(ScenarioFileError) -> Int64 {
        guard case .int(let number)? = numberValue else { throw expected("a whole number from \(range.lowerBound) to \(range.upperBound)") }
        guard range.contains(number) else { throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(number)") }
        return number
    }

    /// A seed: any whole number from 0 to `UInt64.max`, the range the
    /// command line takes too (``Seeds``).
    func seed() throws(ScenarioFileError) -> UInt64 {
        switch numberValue {
        case .int(let number)? where number >= 0: return UInt64(number)
        case .uint(let number)?: return number
        default: throw expected(Seeds.rangeText)
        }
    }

    /// A number in `range`: every setting that takes a fraction is read
    /// here, so none can be `NaN`, infinite or beyond what the code that
    /// uses it converts without trapping.
    /// `what` names the setting's values in the error (`a drift from
    /// -0.01 to 0.01 (…)`); by default the range itself.
    func number(in range: ClosedRange<Double>, what: String? = nil) throws(ScenarioFileError) -> Double {
        guard let number = numberValue?.doubleValue else { throw expected("a number") }
        guard range.contains(number) else {
            throw error("expected \(what ?? "a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"), found \(shortDescription)")
        }
        return number
    }

    /// A probability: a number from 0 to 1.
    func probability() throws(ScenarioFileError) -> Probability {
        Probability(try number(in: 0 ... 1, what: "a probability from 0 to 1"))
    }

    /// `1000000000000000` for 1e15, `0.01` for 0.01: bounds as a person writes them.
    private static func text(_ bound: Double) -> String {
        bound == bound.rounded(.towardZero) && abs(bound) < 1e18 ? String(Int64(bound)) : String(bound)
    }

    func bool() throws(ScenarioFileError) -> Bool {
        guard case .bool(let flag) = value else { throw expected("true or false") }
        return flag
    }

    /// A duration with a unit: `"250us"`, `"80ms"`, `"1.5s"`; returns
    /// microseconds. At most ``Duration/maximumMicros`` either way, so
    /// that times the kernel adds together cannot overflow.
    func duration(allowNegative: Bool = false) throws(ScenarioFileError) -> Int64 {
        let what = "a duration with a unit such as \"250us\", \"80ms\", \"2s\", \"5m\", \"2h\" or \"7d\""
        guard case .string(let text) = value, let micros = Duration.micros(text) else { throw expected(what) }
        guard allowNegative || micros >= 0 else { throw error("expected a duration of 0 or more, found \(shortDescription)") }
        guard abs(micros) <= Duration.maximumMicros else {
            throw error("expected a duration of at most \(Duration.maximumText) (ten years of virtual time), found \(shortDescription)")
        }
        return micros
    }

    // MARK: Containers

    func array() throws(ScenarioFileError) -> [Node] {
        guard case .array(let items) = value else { throw expected("a list") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    /// The object's members, after checking that every key is allowed and
    /// every required key is present. Of several unknown keys the first in
    /// sorted order is reported, whatever the file's order.
    func object(allowed: [String], required: [String] = []) throws(ScenarioFileError) -> ObjectNode {
        guard case .object(let members) = value else { throw expected("an object") }
        if let unknown = members.lazy.filter({ !allowed.contains($0.key) }).min(by: { $0.key < $1.key }) {
            throw child(unknown.key, unknown.value).error("unknown key '\(Echo.text(unknown.key))'; allowed: \(allowed.joined(separator: ", "))"
                + Suggestion.didYouMean(unknown.key, among: allowed, quote: "'"))
        }
        for key in required where !members.contains(where: { $0.key == key }) {
            throw error("missing required key '\(Echo.text(key))'")
        }
        return ObjectNode(node: self, members: members)
    }

    /// An object whose keys are free (names), each value read by the
    /// caller, in sorted key order (not the file's: reordering a file's
    /// members changes neither its meaning nor which error it gives).
    func dictionary() throws(ScenarioFileError) -> [(key: String, node: Node)] {
        guard case .object(let members) = value else { throw expected("an object") }
        return members.sorted { $0.key < $1.key }.map { ($0.key, child($0.key, $0.value)) }
    }
}

/// The members of an object whose keys have been checked.
struct ObjectNode {
    let node: Node
    /// In the file's order, each key once (``JSON5Value/document(_:)``).
    /// Every key is one of the few dozen at most that
    /// ``Node/object(allowed:required:)`` allows, so a scan finds a member
    /// about as fast as a hash would.
    let members: [JSON5Value.Member]

    subscript(key: String) -> Node? {
        members.first { $0.key == key }.map { node.child(key, $0.value) }
    }

    func required(_ key: String) -> Node {
        guard let child = self[key] else { preconditionFailure("\(key) was checked as required") }
        return child
    }

    /// The keys in sorted order, not the file's (see ``Node/dictionary()``).
    var keys: [String] { members.map(\.key).sorted() }
}

/// Durations as the scenario format writes them.
enum Duration {
    /// Ten years: far beyond any workflow (the longest committed one is a
    /// week), and far enough below `Int64.max` (about 292,000 years of
    /// microseconds) that sums of a few durations never overflow.
    static let maximumMicros: Int64 = 3_650 * 86_400_000_000
    static let maximumText = "3650d"

    /// `"80ms"` → 80_000, `"1.5s"` → 1_500_000; nil when the text is not a
    /// decimal number with a unit, or names a fraction of a microsecond.
    /// Parsed with integers, so `"0.3s"` is exactly 300_000.
    static func micros(_ text: String) -> Int64? {
        // Minutes, hours and days for the workflows that span a week.
        let units: [(String, Int64)] = [("us", 1), ("µs", 1), ("ms", 1_000), ("s", 1_000_000), ("m", 60_000_000), ("h", 3_600_000_000),
                                         ("d", 86_400_000_000)]
        guard let (unit, scale) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        var number = Substring(String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces))
        let negative = number.first == "-"
        if negative || number.first == "+" { number.removeFirst() }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1 ... 2).contains(parts.count), !parts[0].isEmpty || parts.count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.count == 1 || !parts[1].isEmpty,
              parts[0].count <= 12 else { return nil }
        let (whole, overflow) = (Int64(parts[0]) ?? 0).multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        var micros = whole
        if parts.count == 2 {
            var fractionScale = scale
            for digit in parts[1] {
                guard fractionScale % 10 == 0 else {
                    if digit != "0" { return nil }   // finer than a microsecond
                    continue
                }
                fractionScale /= 10
                micros += Int64(String(digit))! * fractionScale
            }
        }
        return negative ? -micros : micros
    }
}
