import SyncModel

/// Two or more live records that would hold one natural key.
public struct UniqueConflict: Hashable, Sendable {
    /// The natural key the records would share.
    public let key: NaturalKey
    /// Every live holder after the refused transaction, sorted by id.
    public let recordIDs: [RecordID]
}

/// An expected store failure: a code, a message for a person, the details.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure: what a caller branches on.
    public enum Code: String, Sendable {
        /// A `UNIQUE` index refused the transaction.
        case uniqueConstraint
        /// A relationship's `deny` delete rule refused a delete (Core Data's
        /// `NSValidationRelationshipDeniedDeleteError`).
        case deleteDenied
        /// The storage itself failed: a file that cannot be opened, read or
        /// written, or a database locked beyond the timeout.
        case storage
        /// The database file belongs to another live store (another run,
        /// perhaps in another process): nothing was opened.
        case inUse
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, for a person.
    public let message: String
    /// For a refused transaction, every key it would have duplicated, with its holders; empty otherwise.
    public let conflicts: [UniqueConflict]

    /// An error; `conflicts` only for a unique-constraint refusal.
    public init(code: Code, message: String, conflicts: [UniqueConflict] = []) {
        self.code = code
        self.message = message
        self.conflicts = conflicts
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
