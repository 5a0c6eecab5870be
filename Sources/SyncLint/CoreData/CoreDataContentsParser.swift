import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects ``CoreDataElements`` from a `contents` file with `XMLParser`.
/// The parser runs synchronously on the calling thread and the delegate
/// never escapes ``parse(_:file:)``.
///
/// On Linux, `XMLParser.parse()` can return true for a document that is not
/// well-formed (it reports the error to the delegate only) or that simply
/// stops (`<model>` never closed), so the delegate keeps the first error
/// and counts open elements itself.
final class CoreDataContentsParser: NSObject, XMLParserDelegate {
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
    private var parser: XMLParser?
    private var currentEntity: Int?
    private var currentConfiguration: Int?
    private var currentKey: [String]?
    private var currentKeyLine = 0
    /// The first error the parser reported: its line and code (libxml2's
    /// code on Linux, so it is printed as a number, not named).
    private var firstError: (line: Int, code: Int)?
    private var openElements = 0

    /// Reads `data`; `file` names it in errors.
    static func parse(_ data: Data, file: String) throws(LintInputError) -> CoreDataElements {
        let delegate = CoreDataContentsParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        delegate.parser = parser
        defer { delegate.parser = nil }
        let succeeded = parser.parse()
        let failure = delegate.firstError ?? (succeeded ? nil : (max(parser.lineNumber, 1), parser.parserError.map { ($0 as NSError).code } ?? 0))
        if let failure {
            throw LintInputError(file: file, line: failure.line,
                "malformed XML: not well-formed here (XML parser error \(failure.code)); a tag may be left open or closed by the wrong name")
        }
        guard let root = delegate.elements.rootName else {
            throw LintInputError(file: file, line: 1, "not a Core Data model: the file holds no XML element")
        }
        guard delegate.openElements == 0 else {
            throw LintInputError(file: file, line: max(parser.lineNumber, 1), "malformed XML: the document ends before <\(root)> is closed")
        }
        guard delegate.elements.rootName == "model" else {
            throw LintInputError(file: file, line: 1,
                                 "not a Core Data model: the root element is <\(delegate.elements.rootName ?? "none")>, expected <model>")
        }
        return delegate.elements
    }

    private var line: Int { max(parser?.lineNumber ?? 1, 1) }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if firstError == nil { firstError = (max(parser.lineNumber, 1), (parseError as NSError).code) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        openElements += 1
        if elements.rootName == nil {
            elements.rootName = name
            elements.modelUsedWithCloudKit = attributes["usedWithCloudKit"] == "YES"
            return
        }
        switch name {
        case "entity":
            elements.entities.append(.init(name: attributes["name"] ?? "", line: line, parentName: attributes["parentEntity"]))
            currentEntity = elements.entities.count - 1
        case "attribute":
            guard let entity = currentEntity else { return unknown(name) }
            elements.entities[entity].attributes.append(.init(
                name: attributes["name"] ?? "", line: line, type: attributes["attributeType"] ?? "Undefined",
                isOptional: attributes["optional"] == "YES", hasDefault: Self.defaultForms.contains { attributes[$0] != nil },
                isTransient: attributes["transient"] == "YES", isDerived: attributes["derived"] == "YES"))
        case "relationship":
            guard let entity = currentEntity else { return unknown(name) }
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
            guard currentKey != nil, let field = attributes["value"] else { return unknown(name) }
            currentKey?.append(field)
        case "configuration":
            elements.configurations.append(.init(name: attributes["name"] ?? "", usedWithCloudKit: attributes["usedWithCloudKit"] == "YES"))
            currentConfiguration = elements.configurations.count - 1
        case "memberEntity":
            guard let configuration = currentConfiguration, let member = attributes["name"] else { return unknown(name) }
            elements.configurations[configuration].members.append(member)
        default:
            if !Self.ignoredElements.contains(name) { unknown(name) }
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        openElements -= 1
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

    private func unknown(_ name: String) {
        elements.unknownElements.append((name, line))
    }
}
