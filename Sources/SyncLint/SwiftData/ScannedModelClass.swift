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
    /// Every `ModelConfiguration` that sets `cloudKitDatabase:`, in source
    /// order, before its classes are known (``resolvedConfigurations``).
    var configurations: [SwiftModelScanner.PendingConfiguration] = []
    /// Every `Schema([A.self, …])`: the classes a configuration's store
    /// holds, for one that names it or is built beside it.
    var schemaLists: [SwiftModelScanner.SchemaList] = []

    /// The configurations with their classes, once every file is read (a
    /// schema may be declared in another file than the configuration).
    var resolvedConfigurations: [ScannedConfiguration] {
        configurations.map { $0.resolved(among: schemaLists) }
    }
}

extension ScannedSchemaFacts {
    mutating func merge(_ other: ScannedSchemaFacts) {
        typealiases += other.typealiases
        migrationPlans += other.migrationPlans
        versionIdentifiers += other.versionIdentifiers
        versionedSchemas += other.versionedSchemas.filter { !versionedSchemas.contains($0) }
        schemaModels += other.schemaModels
        configurations += other.configurations
        schemaLists += other.schemaLists
    }
}
