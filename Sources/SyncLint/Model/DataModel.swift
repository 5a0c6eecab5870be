/// An app's data model as the linter sees it, whichever way it was written:
/// a Core Data `.xcdatamodel` or SwiftData `@Model` classes. The rules and
/// the schema writer read only this.
public struct DataModel: Sendable {
    public enum Kind: String, Sendable {
        case coreData = "Core Data model"
        case swiftData = "SwiftData sources"
    }

    public let kind: Kind
    /// A name for the scenario the schema writer emits: the model's file
    /// name without extension, or the source folder's name.
    public let name: String
    /// In declaration order (Core Data: the order of the `contents` file;
    /// SwiftData: sorted file paths, then order in the file).
    public let entities: [Entity]
    /// What the reader met and did not understand, or chose not to check;
    /// reported with the rule findings.
    public let readerFindings: [Finding]

    public init(kind: Kind, name: String, entities: [Entity], readerFindings: [Finding]) {
        self.kind = kind
        self.name = name
        self.entities = entities
        self.readerFindings = readerFindings
    }

    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }
}
