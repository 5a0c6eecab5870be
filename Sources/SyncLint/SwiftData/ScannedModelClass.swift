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
    /// The type it is declared in (`SchemaV2` for a class inside
    /// `enum SchemaV2: VersionedSchema` or `extension SchemaV2`); nil at
    /// file level.
    var container: String?
    var properties: [Property] = []
    var uniqueMacros: [UniqueMacro] = []
}

/// What a file says about SwiftData schema versions, beside its models:
/// which version is current is read from these (``SwiftSchemaVersions``).
struct ScannedSchemaFacts {
    /// `typealias Note = SchemaV2.Note`: name, and the aliased path's parts.
    var typealiases: [(name: String, target: [String], location: SourceLocation)] = []
    /// A `SchemaMigrationPlan`'s `schemas` list, in order (`SchemaV1`, `SchemaV2`).
    var migrationPlans: [(name: String, schemas: [String], location: SourceLocation)] = []
    /// A `VersionedSchema`'s `versionIdentifier = Schema.Version(2, 0, 0)`.
    var versionIdentifiers: [(schema: String, version: [Int])] = []
    /// Types declared as conforming to `VersionedSchema`.
    var versionedSchemas: [String] = []
    /// A `VersionedSchema`'s `models` list: each entry's path as written
    /// (`Note` for `Note.self`, `SchemaV1`, `Note` for `SchemaV1.Note.self`).
    var schemaModels: [(schema: String, models: [[String]])] = []
    /// `cloudKitDatabase: .none` in a `ModelConfiguration`: the app keeps
    /// that store off CloudKit.
    var cloudKitDisabled: [SourceLocation] = []
    /// `cloudKitDatabase: .automatic` or `.private(…)`.
    var cloudKitEnabled: [SourceLocation] = []
    /// Classes a `Schema([A.self, B.self])` lists in a body (a function or
    /// closure) whose every `cloudKitDatabase:` is `.none`: a local store,
    /// such as a cache, that does not sync.
    var localOnlySchemas: [(classes: [String], configuration: SourceLocation)] = []
}

extension ScannedSchemaFacts {
    mutating func merge(_ other: ScannedSchemaFacts) {
        typealiases += other.typealiases
        migrationPlans += other.migrationPlans
        versionIdentifiers += other.versionIdentifiers
        versionedSchemas += other.versionedSchemas.filter { !versionedSchemas.contains($0) }
        schemaModels += other.schemaModels
        cloudKitDisabled += other.cloudKitDisabled
        cloudKitEnabled += other.cloudKitEnabled
        localOnlySchemas += other.localOnlySchemas
    }
}
