/// One entity (Core Data) or `@Model` class (SwiftData).
public struct Entity: Sendable {
    public let name: String
    public let location: SourceLocation
    public var attributes: [Attribute] = []
    public var relationships: [Relationship] = []
    /// Each key is one constraint: a single attribute (`@Attribute(.unique)`)
    /// or several (`#Unique<Person>([\.givenName, \.familyName])`).
    public var uniqueKeys: [UniqueKey] = []
    /// Core Data's `parentEntity`, if any.
    public var parentName: String?
    /// False for a Core Data entity outside every configuration marked
    /// "Used with CloudKit": it never syncs, so no rule applies to it.
    public var isSynced = true

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    public func relationship(named name: String) -> Relationship? {
        relationships.first { $0.name == name }
    }
}
