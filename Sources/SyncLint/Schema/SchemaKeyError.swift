import SyncSimulation

/// Why a `--key` argument cannot name a natural key of the model: the
/// command line exits with status 2 for it.
public struct SchemaKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for a test or a caller to tell cases apart.
    public enum Code: String, Sendable {
        case malformed, unknownEntity, entityNotSynced, unknownField, repeatedField, repeatedEntity
    }

    /// What kind of mistake the `--key` argument has.
    public let code: Code
    /// The argument as given, such as `Book.isbn`.
    public let argument: String
    /// For a person: what is wrong and what is allowed.
    public let message: String

    /// An error about the `--key` `argument`.
    public init(_ code: Code, argument: String, _ message: String) {
        self.code = code
        self.argument = argument
        self.message = message
    }

    /// `--key Book.isbnn: unknown field 'isbnn' of Book; fields: …`
    public var description: String { "--key \(Echo.text(argument)): \(message)" }
}
