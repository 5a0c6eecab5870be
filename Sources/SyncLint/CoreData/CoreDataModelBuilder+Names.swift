/// What makes a `contents` file a model Xcode does not build, whatever
/// CloudKit does: a name given twice, an attribute type Xcode never writes.
/// Each is an error on its own line; the later declaration of a name is
/// left out, so every rule after this one sees one entity or property per
/// name (lookups by name, the schema writer, advise's scenarios).
extension CoreDataModelBuilder {
    /// Every `attributeType` Xcode writes, as it spells them. The types are
    /// `NSAttributeType`'s cases (Apple, "NSAttributeType",
    /// https://developer.apple.com/documentation/coredata/nsattributetype ,
    /// **documented**, with its "Attribute Type" column naming `Integer 16`
    /// … `Transformable`); the XML spellings are **observed**: SwiftGen's
    /// reader of Xcode's `contents` files (SwiftGen/SwiftGen,
    /// Sources/SwiftGenKit/Parsers/CoreData/Attribute.swift) lists the
    /// thirteen from `Integer 16` to `UUID`, a new attribute is `Undefined`
    /// (Apple, "Configuring Attributes", documented), Xcode 15 writes
    /// `Composite` for a composite attribute, and `Object ID` is the
    /// spelling the unsupported-attribute-type rule has always matched.
    static let attributeTypes: Set<String> = [
        "Undefined", "Integer 16", "Integer 32", "Integer 64", "Decimal", "Double", "Float", "String", "Boolean",
        "Date", "Binary", "UUID", "URI", "Transformable", "Object ID", "Composite",
    ]

    /// Findings for repeated names and unknown types; `elements` keeps the
    /// first entity of each name, and in each entity the first property
    /// (attribute or relationship) of each name.
    static func checkNames(_ elements: inout CoreDataElements, file: String) -> [Finding] {
        func at(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }
        var findings: [Finding] = []
        var firstEntityLine: [String: Int] = [:]
        var kept: [CoreDataElements.EntityElement] = []
        for entity in elements.entities {
            if let first = firstEntityLine[entity.name] {
                findings.append(Finding(.duplicateEntity, at: at(entity.line),
                    "a second entity named \(entity.name) (the first is on line \(first)); Xcode does not build a model with two "
                        + "entities of one name; rename or remove one (this one is not checked)"))
                continue
            }
            firstEntityLine[entity.name] = entity.line
            var entity = entity
            var firstPropertyLine: [String: (line: Int, kind: String)] = [:]
            func isFirst(_ name: String, _ line: Int, _ kind: String) -> Bool {
                guard let first = firstPropertyLine[name] else {
                    firstPropertyLine[name] = (line, kind)
                    return true
                }
                findings.append(Finding(.duplicateProperty, at: at(line),
                    "\(entity.name) has a second property named \(name) (this \(kind); the \(first.kind) on line \(first.line)); Xcode does "
                        + "not build an entity with two attributes or relationships of one name; rename or remove one (this one is not checked)"))
                return false
            }
            // Attributes first, then relationships, as a `contents` file
            // lists them: the later one is the one left out.
            entity.attributes = entity.attributes.filter { isFirst($0.name, $0.line, "attribute") }
            entity.relationships = entity.relationships.filter { isFirst($0.name, $0.line, "relationship") }
            for attribute in entity.attributes where !attributeTypes.contains(attribute.type) {
                findings.append(Finding(.unknownAttributeType, at: at(attribute.line),
                    "\(entity.name).\(attribute.name) has attributeType '\(attribute.type)', which is not a type Xcode writes; "
                        + "Xcode does not build the model; types: \(attributeTypes.sorted().joined(separator: ", "))"))
            }
            kept.append(entity)
        }
        elements.entities = kept
        return findings
    }
}
