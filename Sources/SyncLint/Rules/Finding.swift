/// One line of the linter's output: `FILE:LINE: error: message [rule]`.
public struct Finding: Hashable, Comparable, Sendable, CustomStringConvertible {
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

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public let location: SourceLocation
    public let rule: LintRule
    public let message: String
    /// The rule's own severity, or `note` for what would fail only if
    /// CloudKit were turned on (``DataModel/CloudKitUse``).
    public let severity: Severity

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

    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]" }
}
