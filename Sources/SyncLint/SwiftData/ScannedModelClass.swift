import SyncModel

/// A top-level `@Model` class as the scanner read it, before relationships
/// are told apart from attributes (that needs every class of the model).
struct ScannedModelClass {
    struct Property {
        let name: String
        /// The line of `var` or `let`.
        let location: SourceLocation
        let type: SwiftTypeShape
        /// `= …` in the declaration itself.
        let hasDefault: Bool
        /// `@Attribute(…)`, if present.
        var attribute: SwiftMacroArguments.AttributeArguments?
        var attributeLocation: SourceLocation?
        /// `@Relationship(…)`, if present.
        var relationship: SwiftMacroArguments.RelationshipArguments?
        var relationshipLocation: SourceLocation?
    }

    /// One `#Unique<T>(…)` macro.
    struct UniqueMacro {
        let typeName: String?
        let constraints: [[String]]
        let location: SourceLocation
    }

    let name: String
    let location: SourceLocation
    var properties: [Property] = []
    var uniqueMacros: [UniqueMacro] = []
}
