/// The parts of a Core Data `contents` file the linter reads, as written,
/// each with the line its element starts on. ``CoreDataModelBuilder`` turns
/// them into a ``DataModel``.
struct CoreDataElements {
    struct EntityElement {
        var name: String
        var line: Int
        var parentName: String?
        var attributes: [AttributeElement] = []
        var relationships: [RelationshipElement] = []
        /// One list of attribute names per `<uniquenessConstraint>`.
        var uniqueKeys: [(fields: [String], line: Int)] = []
    }

    struct AttributeElement {
        var name: String
        var line: Int
        /// `attributeType`, such as `String` or `Integer 64`.
        var type: String
        /// `optional="YES"`; Xcode leaves the attribute out for a required one.
        var isOptional: Bool
        /// A default is present, in any form Xcode writes one:
        /// `defaultValueString` (an empty string is a default), or
        /// `defaultDateTimeInterval` for a Date.
        var hasDefault: Bool
        var isTransient: Bool
        /// `derived="YES"`: computed by the store on save, still an
        /// attribute the validator checks.
        var isDerived = false
    }

    struct RelationshipElement {
        var name: String
        var line: Int
        var destination: String
        var isOptional: Bool
        var isToMany: Bool
        var isOrdered: Bool
        /// `deletionRule`: `Nullify`, `Cascade`, `Deny` or `No Action`.
        var deletionRule: String?
        var inverseName: String?
        var inverseEntity: String?
    }

    struct Configuration {
        var name: String
        var usedWithCloudKit: Bool
        var line = 1
        var members: [String] = []
    }

    var rootName: String?
    /// `<model usedWithCloudKit="YES">`: Xcode sets it when the Default
    /// configuration (or any) is marked "Used with CloudKit".
    var modelUsedWithCloudKit = false
    /// The `<model>` element's line.
    var modelLine = 1
    var entities: [EntityElement] = []
    var configurations: [Configuration] = []
    /// Elements the reader does not know, with their lines.
    var unknownElements: [(name: String, line: Int)] = []
    /// Elements it knows but could not use (a relationship with no
    /// destination), with why.
    var unreadable: [(line: Int, message: String)] = []
}
