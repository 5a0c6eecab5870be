/// Every check the linter makes, by the name printed after each finding.
/// Each rule's source, and whether it is documented or observed, is in
/// docs/sources/lint-rules.md under the same name (a test checks that each
/// name appears there).
public enum LintRule: String, CaseIterable, Sendable {
    /// Core Data uniqueness constraints, `@Attribute(.unique)`, `#Unique`.
    case uniqueConstraint = "unique-constraint"
    /// Not optional and no default value.
    case requiredAttribute = "required-attribute"
    /// Core Data's `Undefined` and `Object ID` attribute types.
    case unsupportedAttributeType = "unsupported-attribute-type"
    /// A relationship that is not optional.
    case requiredRelationship = "required-relationship"
    /// Core Data's `ordered="YES"`.
    case orderedRelationship = "ordered-relationship"
    /// No inverse, declared or (SwiftData) inferable.
    case missingInverse = "missing-inverse"
    /// SwiftData: no explicit inverse, and more than one candidate (or a
    /// relationship to its own class), so what it infers is not documented.
    case ambiguousInverse = "ambiguous-inverse"
    /// The `Deny` delete rule.
    case denyDeleteRule = "deny-delete-rule"
    /// Core Data: a relationship from an entity of a configuration used
    /// with CloudKit to an entity outside that configuration.
    case crossConfigurationRelationship = "cross-configuration-relationship"
    /// A declaration the SwiftData scanner or the XML reader could not read:
    /// it is reported, never guessed at.
    case notUnderstood = "not-understood"
    /// SwiftData: which `VersionedSchema`'s models were linted, and how
    /// it was chosen.
    case schemaVersion = "schema-version"
    /// A Core Data entity outside every configuration marked "Used with
    /// CloudKit": it does not sync, so what the rules find on it is
    /// reported as notes (what would fail if it synced).
    case notSynced = "not-synced"
    /// Two entities of one name (Core Data), or two `@Model` classes of one
    /// name in the schema read (SwiftData): Xcode does not build the model.
    case duplicateEntity = "duplicate-entity"
    /// Two properties of one name in an entity: attributes, relationships,
    /// or one of each (Core Data), or stored properties (SwiftData).
    case duplicateProperty = "duplicate-property"
    /// A Core Data `attributeType` that Xcode never writes (`Strng`).
    case unknownAttributeType = "unknown-attribute-type"

    /// Whether a finding of the rule means the model does not build at all
    /// (Xcode refuses it), with or without CloudKit: such a finding is never
    /// lowered to a note, and `simulate advise` stops at lint's verdict.
    public var meansModelDoesNotBuild: Bool {
        switch self {
        case .duplicateEntity, .duplicateProperty, .unknownAttributeType:
            true
        case .uniqueConstraint, .requiredAttribute, .unsupportedAttributeType, .requiredRelationship, .orderedRelationship,
             .missingInverse, .ambiguousInverse, .denyDeleteRule, .crossConfigurationRelationship, .notUnderstood, .schemaVersion, .notSynced:
            false
        }
    }

    /// The rule's own severity (docs/sources/lint-rules.md names it in each section's heading).
    public var severity: Finding.Severity {
        switch self {
        case .uniqueConstraint, .requiredAttribute, .unsupportedAttributeType, .requiredRelationship,
             .orderedRelationship, .missingInverse, .denyDeleteRule, .crossConfigurationRelationship,
             .duplicateEntity, .duplicateProperty, .unknownAttributeType:
            .error
        case .ambiguousInverse, .notUnderstood:
            .warning
        case .notSynced, .schemaVersion:
            .note
        }
    }
}
