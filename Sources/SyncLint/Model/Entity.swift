/// One entity (Core Data) or `@Model` class (SwiftData).
public struct Entity: Sendable {
    /// The entity's (or class's) name.
    public let name: String
    /// Where it is declared.
    public let location: SourceLocation
    /// Its stored attributes, inherited ones first (Core Data), in declaration order.
    public var attributes: [Attribute] = []
    /// Its relationships, inherited ones first (Core Data), in declaration order.
    public var relationships: [Relationship] = []
    /// Each key is one constraint: a single attribute (`@Attribute(.unique)`)
    /// or several (`#Unique<Person>([\.givenName, \.familyName])`).
    public var uniqueKeys: [UniqueKey] = []
    /// Core Data's `parentEntity`, if any.
    public var parentName: String?
    /// False for a Core Data entity outside every configuration marked
    /// "Used with CloudKit": it does not sync, so what the rules find on it
    /// would fail only if it did (notes, not errors).
    public var isSynced = true
    /// The Core Data configurations that list it (`<memberEntity>`).
    public var configurations: [String] = []

    /// An entity with no properties yet; the readers add them.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }

    /// The relationship called `name`, if the entity has one.
    public func relationship(named name: String) -> Relationship? {
        relationships.first { $0.name == name }
    }
}
