/// A stored property that is not a relationship.
public struct Attribute: Sendable {
    /// The attribute's name in the model.
    public let name: String
    /// Where it is declared.
    public let location: SourceLocation
    /// As written: `String`, `Integer 64`, `[String: Int]`.
    public let typeName: String
    /// Core Data's `optional="YES"`; SwiftData: a type ending in `?`.
    public let isOptional: Bool
    /// A default the store knows about: Core Data's `defaultValueString`,
    /// or a SwiftData declaration's `= …` (a value set in `init` is not one).
    public let hasDefault: Bool
    /// Core Data's `transient="YES"`: checked like any attribute (the
    /// validator does not skip it) but never stored, so not a schema field.
    public let isTransient: Bool
    /// The Core Data entity it is declared on when this entity inherits it
    /// (`parentEntity`); nil for the entity's own. Checked where declared.
    public var inheritedFrom: String?

    /// An attribute as a reader found it.
    public init(name: String, location: SourceLocation, typeName: String, isOptional: Bool, hasDefault: Bool, isTransient: Bool = false) {
        self.name = name
        self.location = location
        self.typeName = typeName
        self.isOptional = isOptional
        self.hasDefault = hasDefault
        self.isTransient = isTransient
    }
}
