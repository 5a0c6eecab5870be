/// One line of the linter's output: `FILE:LINE: error: message [rule]`.
public struct Finding: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// How much a finding matters: only an error fails the model (exit 1).
    public enum Severity: String, Sendable, Comparable {
        /// The container refuses the model: the app fails at launch.
        case error
        /// Might fail or misbehave; the linter cannot tell.
        case warning
        /// Worth knowing; nothing fails.
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        /// Orders errors first, then warnings, then notes.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Where the finding is: the line of the declaration it is about.
    public let location: SourceLocation
    /// The rule that found it, printed in brackets.
    public let rule: LintRule
    /// What fails and how to fix it.
    public let message: String
    /// The rule's own severity, or `note` for what would fail only if
    /// CloudKit were turned on (``DataModel/CloudKitUse``).
    public let severity: Severity

    /// A finding of `rule`, at the rule's own severity unless `severity` says otherwise.
    public init(_ rule: LintRule, at location: SourceLocation, _ message: String, severity: Severity? = nil) {
        self.rule = rule
        self.location = location
        self.message = message
        self.severity = severity ?? rule.severity
    }

    /// File, line, then severity, then rule and message: the order is the
    /// same on every run, whatever order the readers met things in.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }

    /// `FILE:LINE: severity: message [rule]`, the line Xcode and editors read.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]" }
}
