/// Collects ``CoreDataElements`` from a `contents` file, from the element
/// events of ``ModelXMLReader``.
struct CoreDataContentsParser {
    /// Elements that carry nothing CloudKit validates, read past quietly:
    /// fetch requests and indexes, the editor's layout, user info.
    private static let ignoredElements: Set<String> = [
        "fetchedProperty", "fetchRequest", "userInfo", "entry", "elements", "element",
        "fetchIndex", "fetchIndexElement", "compoundIndexes", "compoundIndex", "index", "composite",
    ]

    /// Every attribute XML attribute in which Xcode writes a default value:
    /// `defaultValueString` for most types, `defaultDateTimeInterval` (seconds
    /// since 2001) for a Date.
    static let defaultForms = ["defaultValueString", "defaultDateTimeInterval"]

    private var elements = CoreDataElements()
    private var currentEntity: Int?
    private var currentConfiguration: Int?
    private var currentKey: [String]?
    private var currentKeyLine = 0

    /// Reads `bytes`; `file` names it in errors.
    static func parse(_ bytes: [UInt8], file: String) throws(LintInputError) -> CoreDataElements {
        let events = try ModelXMLReader.events(of: bytes, file: file)
        guard case .start(let root, _, let rootLine) = events.first else {
            throw LintInputError(file: file, line: 1, "not a Core Data model: the file holds no XML element")
        }
        guard root == "model" else {
            throw LintInputError(file: file, line: rootLine, "not a Core Data model: the root element is <\(root)>, expected <model>")
        }
        var parser = CoreDataContentsParser()
        for event in events {
            switch event {
            case .start(let name, let attributes, let line): parser.start(name, attributes, line: line)
            case .end(let name, _): parser.end(name)
            }
        }
        return parser.elements
    }

    private mutating func start(_ name: String, _ attributes: [String: String], line: Int) {
        if elements.rootName == nil {
            elements.rootName = name
            elements.modelUsedWithCloudKit = attributes["usedWithCloudKit"] == "YES"
            elements.modelLine = line
            return
        }
        switch name {
        case "entity":
            elements.entities.append(.init(name: attributes["name"] ?? "", line: line, parentName: attributes["parentEntity"]))
            currentEntity = elements.entities.count - 1
        case "attribute":
            guard let entity = currentEntity else { return unknown(name, line) }
            elements.entities[entity].attributes.append(.init(
                name: attributes["name"] ?? "", line: line, type: attributes["attributeType"] ?? "Undefined",
                isOptional: attributes["optional"] == "YES", hasDefault: Self.defaultForms.contains { attributes[$0] != nil },
                isTransient: attributes["transient"] == "YES", isDerived: attributes["derived"] == "YES"))
        case "relationship":
            guard let entity = currentEntity else { return unknown(name, line) }
            guard let destination = attributes["destinationEntity"], !destination.isEmpty else {
                elements.unreadable.append((line, "relationship '\(attributes["name"] ?? "")' of \(elements.entities[entity].name) has no destinationEntity; not checked"))
                return
            }
            elements.entities[entity].relationships.append(.init(
                name: attributes["name"] ?? "", line: line, destination: destination,
                isOptional: attributes["optional"] == "YES", isToMany: attributes["toMany"] == "YES",
                isOrdered: attributes["ordered"] == "YES", deletionRule: attributes["deletionRule"],
                inverseName: attributes["inverseName"], inverseEntity: attributes["inverseEntity"]))
        case "uniquenessConstraints":
            break
        case "uniquenessConstraint":
            currentKey = []
            currentKeyLine = line
        case "constraint":
            guard currentKey != nil, let field = attributes["value"] else { return unknown(name, line) }
            currentKey?.append(field)
        case "configuration":
            elements.configurations.append(.init(name: attributes["name"] ?? "", usedWithCloudKit: attributes["usedWithCloudKit"] == "YES",
                                                 line: line))
            currentConfiguration = elements.configurations.count - 1
        case "memberEntity":
            guard let configuration = currentConfiguration, let member = attributes["name"] else { return unknown(name, line) }
            elements.configurations[configuration].members.append(member)
        default:
            if !Self.ignoredElements.contains(name) { unknown(name, line) }
        }
    }

    private mutating func end(_ name: String) {
        switch name {
        case "entity": currentEntity = nil
        case "configuration": currentConfiguration = nil
        case "uniquenessConstraint":
            if let key = currentKey, !key.isEmpty, let entity = currentEntity {
                elements.entities[entity].uniqueKeys.append((key, currentKeyLine))
            }
            currentKey = nil
        default: break
        }
    }

    private mutating func unknown(_ name: String, _ line: Int) {
        elements.unknownElements.append((name, line))
    }
}
