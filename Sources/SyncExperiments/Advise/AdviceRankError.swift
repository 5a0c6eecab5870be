/// Why a `--rank` list cannot order the harms: the command line exits with
/// status 2 for it, and the message lists what is allowed.
public struct AdviceRankError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of mistake the list has, for a test or a caller to tell
    /// cases apart.
    public enum Code: String, Sendable {
        /// The list, or one item between its commas, is empty.
        case emptyName
        /// An item is not the JSON name of a harm.
        case unknownHarm
        /// A harm is named twice, so its place is ambiguous.
        case repeatedHarm
    }

    /// What kind of mistake.
    public let code: Code
    /// The `--rank` argument as given, such as `lostWrites,dangling`.
    public let argument: String
    /// For a person: what is wrong and what is allowed.
    public let message: String

    /// An error about the `--rank` `argument`.
    public init(_ code: Code, argument: String, _ message: String) {
        self.code = code
        self.argument = argument
        self.message = message
    }

    /// `--rank lostWrite: unknown harm 'lostWrite'; harms: lostWrites, …`
    public var description: String { "--rank \(argument): \(message)" }
}
