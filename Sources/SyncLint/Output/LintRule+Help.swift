/// What SARIF's rule list says of each rule. The rule's source and the
/// details are in docs/sources/lint-rules.md, one section per rule.
extension LintRule {
    /// One sentence: what the rule finds.
    public var summary: String {
        switch self {
        case .uniqueConstraint:
            "A unique constraint (Core Data uniqueness constraints, @Attribute(.unique), @Relationship(.unique), #Unique): "
                + "NSPersistentCloudKitContainer refuses to load the model."
        case .requiredAttribute:
            "An attribute neither optional nor defaulted: NSPersistentCloudKitContainer refuses to load the model."
        case .unsupportedAttributeType:
            "A Core Data Undefined or Object ID attribute: NSPersistentCloudKitContainer refuses to load the model."
        case .requiredRelationship:
            "A relationship that is not optional: NSPersistentCloudKitContainer refuses to load the model."
        case .orderedRelationship:
            "An ordered Core Data relationship: NSPersistentCloudKitContainer refuses to load the model."
        case .missingInverse:
            "A relationship without an inverse, declared or inferable: NSPersistentCloudKitContainer refuses to load the model."
        case .ambiguousInverse:
            "SwiftData: no explicit inverse and several candidates, or a relationship to its own class; which pairing SwiftData infers is not documented."
        case .denyDeleteRule:
            "The Deny delete rule: NSPersistentCloudKitContainer refuses to load the model."
        case .notUnderstood:
            "A declaration the reader cannot read for certain: reported, never guessed at."
        case .notSynced:
            "An entity outside every configuration or store used with CloudKit: it does not sync, so what would fail if it did is reported as notes."
        case .crossConfigurationRelationship:
            "A relationship from an entity of a configuration used with CloudKit to one outside it: NSPersistentCloudKitContainer refuses to load the model."
        case .schemaVersion:
            "SwiftData: which VersionedSchema's @Model classes were linted, and how it was chosen."
        case .duplicateEntity:
            "Two entities (or @Model classes) of one name: Xcode does not build the model."
        case .duplicateProperty:
            "Two attributes, relationships or stored properties of one name in an entity: Xcode does not build the model."
        case .unknownAttributeType:
            "A Core Data attributeType that Xcode never writes, such as a misspelt 'Strng': Xcode does not build the model."
        }
    }

    /// The rule's section in SyncSim's docs/sources/lint-rules.md, as
    /// GitHub anchors the heading "### `RULE` (SEVERITY)".
    public var documentation: String {
        "docs/sources/lint-rules.md#\(rawValue)-\(severity.rawValue)"
    }
}
