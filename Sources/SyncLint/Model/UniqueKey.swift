/// One uniqueness constraint and how the model spells it.
public struct UniqueKey: Sendable {
    /// The fields that together must be unique, in declaration order.
    public let fields: [String]
    /// Where the constraint is written.
    public let location: SourceLocation
    /// For messages: `a unique constraint`, `@Attribute(.unique)`, `#Unique`.
    public let spelling: String

    /// A constraint on `fields`, written as `spelling` (for messages).
    public init(fields: [String], location: SourceLocation, spelling: String) {
        precondition(!fields.isEmpty, "a unique key names at least one field")
        self.fields = fields
        self.location = location
        self.spelling = spelling
    }

    /// `Article.url`, or `Person (givenName, familyName)` for a compound key.
    public func subject(entity: String) -> String {
        fields.count == 1 ? "\(entity).\(fields[0])" : "\(entity) (\(fields.joined(separator: ", ")))"
    }
}
