/// The stacks users choose between, as presets. Every behaviour a preset
/// picks names its source in docs/sources/cloudkit-engines.md (items in
/// brackets below) and says whether it is documented or observed; where no
/// source says, the preset keeps the engine's default and the README says
/// so, so a user can run the other option through the engine's settings.
public enum PresetCatalog {
    /// Every preset, in the order `--help` lists them.
    public static let all: [StackPreset] = [nspckc, cksyncengine, sqlitedata, ownserver]

    public static var allNames: [String] { all.map(\.name) }

    public static func preset(named name: String) -> StackPreset? {
        all.first { $0.name == name }
    }

    private static let uniqueStrategies = StrategyCatalog.builtInNames.filter { $0.hasPrefix("unique:") }

    /// The default strategies without `excluded`.
    private static func defaults(without excluded: [String]) -> [String] {
        StrategyCatalog.defaultNames.filter { !excluded.contains($0) }
    }

    /// NSPersistentCloudKitContainer (Core Data, or SwiftData with a
    /// CloudKit database).
    /// - Random record names, one per object (`CD_<Entity>` records named
    ///   by Apple's example with a UUID): documented, "Reading CloudKit
    ///   Records for Core Data" [4]; the engine's default for every
    ///   strategy but `crdt`, which the preset excludes.
    /// - Conflicts: "last writer wins" is documented (WWDC19 session 202)
    ///   [4]; that it is the whole record, and the copy that reaches the
    ///   server last, is observed (Developer Forums thread 382355) [4]. So
    ///   `recordLWW` by the server's `modificationDate`: the later save wins
    ///   whole. The field-level reading, which no experiment supports, is
    ///   `cloudkit: { conflict: "fieldLWW" }`.
    /// - Save policy, batch size, atomicity: no source; engine defaults.
    static let nspckc = StackPreset(
        name: "nspckc",
        stack: "NSPersistentCloudKitContainer (Core Data, or SwiftData with CloudKit)",
        engine: "cloudkit",
        settings: ["conflict": .string("recordLWW"), "clock": .string("server")],
        topology: .mesh,
        strategies: defaults(without: uniqueStrategies + ["crdt"]),
        exclusions: [
            .init(label: "unique:*", strategies: uniqueStrategies,
                  reason: "Core Data with CloudKit: \"Unique constraints aren't supported\" (Apple, Creating a Core Data Model for CloudKit; documented); "
                      + "SwiftData's container fails to load a CloudKit model with @Attribute(.unique) (seed 002; observed)"),
            .init(label: "crdt", strategies: ["crdt"],
                  reason: "the container names every record itself (Apple, Reading CloudKit Records for Core Data; documented) "
                      + "and resolves conflicts with no app hook (WWDC19 session 202), so a record named by its key and merged per field cannot be written"),
        ],
        denyRuleRefusal: "Core Data with CloudKit: \"The Deny deletion rule is not supported\" (Apple, Creating a Core Data Model for CloudKit; documented)")

    /// CKSyncEngine with your own store, as Apple's sample does it: the
    /// record date is the device's `userModificationDate`, the later date
    /// wins the whole record and a tie keeps the local copy (sample
    /// `mergeFromServerRecord`, `testSaveFailure_conflict`; documented)
    /// [1]; `ifServerRecordUnchanged` (Apple, forum thread 782333;
    /// documented) [2]; `atomicByZone` left at its default `false`
    /// (documented) [2]; batch size not stated, 400 items per operation is
    /// CloudKit's general limit (documented) [3]. Your own store may keep a
    /// local unique index, so every strategy runs; the server has none.
    static let cksyncengine = StackPreset(
        name: "cksyncengine",
        stack: "CKSyncEngine with your own store (Apple's sample)",
        engine: "cloudkit",
        settings: [
            "conflict": .string("recordLWW"), "clock": .string("device"), "savePolicy": .string("ifServerRecordUnchanged"),
            "batch": .int(400), "atomic": .bool(false),
        ],
        topology: .mesh,
        strategies: StrategyCatalog.defaultNames,
        exclusions: [])

    /// SQLiteData (Point-Free's `sqlite-data`) over CKSyncEngine: field by
    /// field the later device-clock stamp wins (its CloudKitSync.md "Record
    /// conflicts" and `MergeConflictTests`; documented) [5]; record names
    /// `<primaryKey>:<table>` (documented) [5], so a UUID key is a random
    /// name and `crdt`'s natural key as primary key is a name derived from
    /// the key. It refuses UNIQUE constraints other than the primary key.
    /// An update stamps only the columns it changes (`update(with:
    /// userModificationTime:)`, documented) [5], so its no-dedupe strategy
    /// is `lww:field`, not `lww`, which restamps the whole record.
    static let sqlitedata = StackPreset(
        name: "sqlitedata",
        stack: "SQLiteData (pointfreeco/sqlite-data) over CKSyncEngine",
        engine: "cloudkit",
        settings: [
            "conflict": .string("fieldLWW"), "clock": .string("device"), "savePolicy": .string("ifServerRecordUnchanged"),
            "atomic": .bool(false),
        ],
        topology: .mesh,
        strategies: ["lww:field"] + defaults(without: uniqueStrategies + ["lww"]),
        exclusions: [
            .init(label: "lww", strategies: ["lww"],
                  reason: "SQLiteData stamps only the columns an update changes, each with the device's time "
                      + "(sqlite-data CloudKit+StructuredQueries.swift, update(with:userModificationTime:); documented): its rule is lww:field"),
            .init(label: "unique:*", strategies: uniqueStrategies,
                  reason: "SQLiteData refuses UNIQUE constraints other than the primary key when its SyncEngine starts "
                      + "(sqlite-data CloudKitSync.md, \"Uniqueness constraints\"; documented)"),
        ])

    /// Your own server running your store code: the peer engine's hub. A
    /// `unique:*` strategy gives the server a real database unique index
    /// that refuses or merges a second record of a key. No CloudKit source
    /// applies: this is a server you write.
    static let ownserver = StackPreset(
        name: "ownserver",
        stack: "your own server running your store code (peer engine, hub topology)",
        engine: "peer",
        settings: [:],
        topology: .hub,
        strategies: StrategyCatalog.defaultNames,
        exclusions: [])
}
