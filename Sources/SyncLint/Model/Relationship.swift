import SyncModel

/// A relationship to another entity.
public struct Relationship: Sendable {
    /// What the model says about the other direction.
    public enum Inverse: Hashable, Sendable {
        /// The model names it (Core Data's `inverseName`, SwiftData's
        /// `@Relationship(inverse:)` on either side).
        case declared(String)
        /// SwiftData pairs it with the one relationship back (seed 004).
        case inferred(String)
        /// There is none; `reason` says why, for the finding.
        case missing(reason: String)
        /// SwiftData has no explicit inverse and more than one way to pair:
        /// `forward` are the owner's relationships to the target, `backward`
        /// the target's back (both the same list for a relationship to its
        /// own class). Which pairing it infers is not documented.
        case ambiguous(forward: [String], backward: [String])

        /// The inverse's name when there is exactly one.
        public var name: String? {
            switch self {
            case .declared(let name), .inferred(let name): name
            case .missing, .ambiguous: nil
            }
        }
    }

    /// The relationship's name in the model.
    public let name: String
    /// Where it is declared.
    public let location: SourceLocation
    /// The entity it points at.
    public let target: String
    /// Core Data's `toMany="YES"`; SwiftData: an array of a model class.
    public let isToMany: Bool
    /// Core Data's `optional="YES"`; SwiftData: a type ending in `?`.
    public let isOptional: Bool
    /// Core Data's `ordered="YES"`; SwiftData has no ordered relationships.
    public let isOrdered: Bool
    /// What deleting the owner does to the targets.
    public let deleteRule: DeleteRule
    /// Its inverse, as declared, inferred, missing or ambiguous.
    public var inverse: Inverse
    /// The Core Data entity it is declared on when this entity inherits it
    /// (`parentEntity`); nil for the entity's own. Checked where declared.
    public var inheritedFrom: String?

    /// A relationship as a reader found it.
    public init(name: String, location: SourceLocation, target: String, isToMany: Bool, isOptional: Bool,
                isOrdered: Bool, deleteRule: DeleteRule, inverse: Inverse) {
        self.name = name
        self.location = location
        self.target = target
        self.isToMany = isToMany
        self.isOptional = isOptional
        self.isOrdered = isOrdered
        self.deleteRule = deleteRule
        self.inverse = inverse
    }
}
