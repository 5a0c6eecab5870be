/// Why a path could not be linted at all: it is missing, is not a model, or
/// does not parse. The command line exits with status 2 for it.
public struct LintInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// The line the problem was found on, when there is one.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
