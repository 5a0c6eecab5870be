/// An app's data model as the linter sees it, whichever way it was written:
/// a Core Data `.xcdatamodel` or SwiftData `@Model` classes. The rules and
/// the schema writer read only this.
public struct DataModel: Sendable {
    /// How the model was written; the raw value is how reports name it.
    public enum Kind: String, Sendable {
        case coreData = "Core Data model"
        case swiftData = "SwiftData sources"
        /// A SyncSim scenario file's schema, which `simulate advise` reads.
        case scenario = "scenario file"
    }

    /// A Core Data model or SwiftData sources.
    public let kind: Kind
    /// A name for the scenario the schema writer emits: the model's file
    /// name without extension, or the source folder's name.
    public let name: String
    /// In declaration order (Core Data: the order of the `contents` file;
    /// SwiftData: sorted file paths, then order in the file).
    public internal(set) var entities: [Entity]
    /// What the reader met and did not understand, or chose not to check;
    /// reported with the rule findings.
    public let readerFindings: [Finding]
    /// `Entity.field` for each unique key an earlier (or other) schema
    /// version of the model declared that the version read no longer does:
    /// the likeliest natural keys of a model CloudKit made drop them.
    public internal(set) var uniqueKeysInOtherVersions: [String] = []
    /// Whether the model syncs with CloudKit as written, and why the
    /// reader thinks so (``CloudKitUse``).
    public var cloudKit = CloudKitUse.synced(because: "")
    /// For a model with configurations marked "Used with CloudKit": each
    /// such configuration's member entities, for the rule that a synced
    /// entity may not point outside its configuration.
    public var cloudKitConfigurations: [(name: String, members: [String])] = []
    /// Where a Core Data model says it syncs: the `<model>` element marked
    /// `usedWithCloudKit="YES"`, else the first configuration so marked. The
    /// checkbox is NSPersistentCloudKitContainer's, so it is the evidence
    /// for that stack (``SyncStack``) of a model linted without its app.
    public internal(set) var cloudKitMark: SourceLocation?

    /// A model as a reader built it.
    public init(kind: Kind, name: String, entities: [Entity], readerFindings: [Finding], cloudKit: CloudKitUse = .synced(because: "")) {
        self.kind = kind
        self.name = name
        self.entities = entities
        self.readerFindings = readerFindings
        self.cloudKit = cloudKit
    }

    /// Whether the model syncs with CloudKit as written: what decides
    /// whether a rule's finding is an error (it fails to load) or a note
    /// (it would fail if CloudKit were turned on).
    public enum CloudKitUse: Sendable, Equatable {
        /// `because`: the evidence, as the summary prints it.
        case synced(because: String)
        case notSynced(because: String)

        /// True for ``synced(because:)``.
        public var isSynced: Bool {
            if case .synced = self { true } else { false }
        }

        /// Why the reader thinks so, as the summary's `cloudkit:` line prints it.
        public var evidence: String {
            switch self {
            case .synced(let because), .notSynced(let because): because
            }
        }
    }

    /// The entity called `name`, if the model has one.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }
}
