/// Why a path could not be linted at all: it is missing, is not a model, or
/// does not parse. The command line exits with status 2 for it.
public struct LintInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path the problem is in, as the user gave it or as found under it.
    public let file: String
    /// The line the problem was found on, when there is one.
    public let line: Int?
    /// What is wrong, as one sentence the command prints.
    public let message: String

    /// An input error in `file`, at `line` when there is one.
    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message` without a line.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
