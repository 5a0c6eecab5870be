/// The stacks users choose between, as presets. Every behaviour a preset
/// picks names its source in docs/sources/cloudkit-engines.md (items in
/// brackets below) and says whether it is documented or observed; where no
/// source says, the preset keeps the engine's default and docs/presets.md
/// says so, so a user can run the other option through the engine's settings.
public enum PresetCatalog {
    /// Every preset, in the order `--help` lists them.
    public static let all: [StackPreset] = [nspckc, cksyncengine, sqlitedata, ownserver]

    /// Every preset's name, in the order `--help` lists them.
    public static var allNames: [String] { all.map(\.name) }

    /// The preset a user named; nil for an unknown name.
    public static func preset(named name: String) -> StackPreset? {
        all.first { $0.name == name }
    }

    /// The strategies whose store enforces the unique keys: what a stack
    /// without unique constraints cannot run (read from the strategies,
    /// not their names).
    private static let uniqueStrategies = StrategyCatalog.builtInNames.filter { StrategyCatalog.strategy(named: $0)!.enforcesUniqueness }

    /// The default strategies without `excluded`.
    private static func defaults(without excluded: [String]) -> [String] {
        StrategyCatalog.defaultNames.filter { !excluded.contains($0) }
    }

    /// NSPersistentCloudKitContainer (Core Data, or SwiftData with a
    /// CloudKit database), as its exporter and importer run
    /// (docs/sources/stack-code.md, N1–N11):
    /// - Random record names, one per object: documented, "Reading CloudKit
    ///   Records for Core Data" [4]; the engine's default for every
    ///   strategy but `keyid` and `crdt`, which the preset excludes.
    /// - Save policy `changedKeys` (the server compares no change tag), and
    ///   every attribute of the object set on each export: observed in
    ///   OpenCloudData's rebuild of the exporter and serializer (N2, N3).
    /// - On import, a property with local changes not yet exported keeps
    ///   its local value; the others take the server's: observed, same
    ///   rebuild (N4), so `pendingColumns` with `clock: "server"` (no
    ///   device dates, no re-stamping).
    /// - Whether a device imports before it exports is not settled (N7):
    ///   import first makes conflicts per property, export first makes the
    ///   last exporter win the whole record (N6). The preset runs both as
    ///   variants, `importFirst` and `exportFirst`, side by side in every
    ///   report; `cloudkit: { syncOrder: … }` in a scenario picks one.
    /// - Each many-to-many link is a `CDMR` record of its own, so
    ///   concurrent adds of different links both survive: observed in
    ///   OpenCloudData (`OCMirroredManyToManyRelationshipV2.m` 66-68,
    ///   pookjw/OpenCloudData @526f1ee; N13); Apple's "Reading CloudKit
    ///   Records for Core Data" documents that relationships are stored by
    ///   cardinality, not as `CKRecord.Reference` [4]. `manyToManyLinks:
    ///   "linkRecords"`.
    static let nspckc = StackPreset(
        name: "nspckc",
        stack: "NSPersistentCloudKitContainer (Core Data, or SwiftData with CloudKit)",
        engine: "cloudkit",
        settings: [.conflict(.pendingColumns), .clock(.server), .savePolicy(.changedKeys), .exportKeys(.all), .manyToManyLinks(.linkRecords)],
        topology: .mesh,
        strategies: defaults(without: uniqueStrategies + ["crdt"]),
        exclusions: [
            .init(label: "unique:*", strategies: uniqueStrategies,
                  reason: "Core Data with CloudKit: \"Unique constraints aren't supported\" (Apple, Creating a Core Data Model for CloudKit; documented); "
                      + "SwiftData's container fails to load a CloudKit model with @Attribute(.unique) (seed 002; observed)"),
            .init(label: "keyid", strategies: ["keyid"],
                  reason: "the container names every record itself (Apple, Reading CloudKit Records for Core Data; documented), "
                      + "so a record cannot be named after its key"),
            .init(label: "crdt", strategies: ["crdt"],
                  reason: "the container names every record itself (Apple, Reading CloudKit Records for Core Data; documented) "
                      + "and resolves conflicts with no app hook (WWDC19 session 202), so a record named by its key and merged per field cannot be written"),
        ],
        denyRuleRefusal: "Core Data with CloudKit: \"The Deny deletion rule is not supported\" (Apple, Creating a Core Data Model for CloudKit; documented)",
        unknowns: [.init(
            question: "whether NSPersistentCloudKitContainer imports before it exports is undocumented and not recovered from its code "
                + "(docs/sources/stack-code.md N7), and it decides whether a conflict is per property or per record (N6)",
            readings: [
                .init(name: "importFirst", settings: [.syncOrder(.importFirst)],
                      summary: "field level: the importer keeps every property not yet exported, so two devices' edits of "
                          + "different properties both survive (OpenCloudData OCCloudKitImporter, N4; observed from a rebuild of the binary)"),
                .init(name: "exportFirst", settings: [.syncOrder(.exportFirst)],
                      summary: "record level: every export sets every attribute with the changedKeys policy, so the last export "
                          + "replaces the whole record (OpenCloudData OCCloudKitSerializer and OCCloudKitMirroringDelegateOptions, N2, N3; "
                          + "observed from a rebuild of the binary)"),
            ])])

    /// CKSyncEngine with your own store, as Apple's sample code runs it
    /// (docs/sources/stack-code.md): local edits saved unconditionally and
    /// dated by the device clock; every fetched record, and the server
    /// record of a `serverRecordChanged`, merged into the local copy only if
    /// its `userModificationDate` is strictly later (`mergeFromServerRecord`;
    /// observed from the sample's code, pinned by `testSaveFailure_conflict`)
    /// [1]: `deviceDateMerge`. `ifServerRecordUnchanged` (Apple, forum thread
    /// 782333; documented) [2]; `atomicByZone` left at its default `false`
    /// (documented) [2]; batch size not stated, 400 items per operation is
    /// CloudKit's general limit (documented) [3]. Your own store may keep a
    /// local unique index, so every strategy runs; the server has none.
    static let cksyncengine = StackPreset(
        name: "cksyncengine",
        stack: "CKSyncEngine with your own store (Apple's sample)",
        engine: "cloudkit",
        settings: [.conflict(.deviceDateMerge), .clock(.device), .savePolicy(.ifServerRecordUnchanged), .batch(400), .atomic(false)],
        topology: .mesh,
        strategies: StrategyCatalog.defaultNames,
        exclusions: [],
        unknowns: [reuploadOrder])

    /// Whether a fetch lands between a save's `unknownItem` answer and the
    /// re-upload both CKSyncEngine stacks queue for it: CKSyncEngine's
    /// scheduling, which no source settles (docs/sources/stack-code.md K8,
    /// K11, S12, S14). The deletion wins if it does: Apple's sample and
    /// SQLiteData delete the local record on every fetched deletion and
    /// drop its pending save (observed from code).
    static let reuploadOrder = StackPreset.Unknown(
        question: "whether a fetch lands between an unknownItem answer and the re-upload is CKSyncEngine's scheduling, which no source "
            + "settles (docs/sources/stack-code.md K8, K11): a deletion fetched first wins, a re-upload sent first brings the record back",
        readings: [
            .init(name: "fetchBetween", settings: [.reuploadOrder(.fetchBetween)],
                  summary: "a fetch lands first, and its deletion deletes the edited record and drops the re-upload "
                      + "(sample-cloudkit-sync-engine SyncedDatabase.swift 170-176, 142-145; sqlite-data SyncEngine.swift 1147-1149, "
                      + "1200-1204; observed from code)"),
            .init(name: "reuploadFirst", settings: [.reuploadOrder(.reuploadFirst)],
                  summary: "the re-upload goes before any fetch and creates the record again: an edit made offline brings a "
                      + "deleted record back (SyncedDatabase.swift 252-258; SyncEngine.swift 1698-1700; observed from code)"),
        ])

    /// SQLiteData (Point-Free's `sqlite-data`) over CKSyncEngine, as its
    /// code runs (docs/sources/stack-code.md) [5]: `pendingColumns`, its
    /// fixed merge (`upsertFromServerRecord`: a column edited locally since
    /// the last known server record is kept and re-stamped, the others take
    /// the server's; a row never synced is overwritten whole); observed from
    /// the library's code, not what its "Record conflicts" prose says.
    /// Record names `<primaryKey>:<table>` (documented) [5], so a UUID key
    /// is a random name. It refuses UNIQUE constraints other than the
    /// primary key and advises making the unique column the primary key
    /// instead: `keyid`. An update stamps only the columns it changes
    /// (`update(with:userModificationTime:)`) [5], so its no-dedupe
    /// strategy with UUID keys is `lww:field`, not `lww`. What a pending
    /// column does when a save is refused for a newer server edit of it is
    /// unknown (S10): the code keeps it, the library's tests on their mock
    /// keep the later edit, so the preset runs both as variants,
    /// `localWins` and `laterEditWins`; `cloudkit: { pendingColumnRule: … }`
    /// picks one. `deleteRulesOnImport`: SQLite runs its ON DELETE actions on a fetched deletion (S16).
    static let sqlitedata = StackPreset(
        name: "sqlitedata",
        stack: "SQLiteData (pointfreeco/sqlite-data) over CKSyncEngine",
        engine: "cloudkit",
        settings: [.conflict(.pendingColumns), .clock(.device), .savePolicy(.ifServerRecordUnchanged), .atomic(false)],
        topology: .mesh,
        strategies: ["lww:field", "dedupe", "keyid"],
        exclusions: [
            .init(label: "lww", strategies: ["lww"],
                  reason: "SQLiteData stamps only the columns an update changes, each with the device's time "
                      + "(sqlite-data CloudKit+StructuredQueries.swift, update(with:userModificationTime:); observed from its code): "
                      + "with UUID primary keys its rule is lww:field"),
            .init(label: "unique:*", strategies: uniqueStrategies,
                  reason: "SQLiteData refuses UNIQUE constraints other than the primary key when its SyncEngine starts "
                      + "(sqlite-data CloudKitSync.md, \"Uniqueness constraints\"; documented); keyid makes the unique column the primary key instead"),
            .init(label: "crdt", strategies: ["crdt"],
                  reason: "SQLiteData's merge is fixed and \"not customizable\": \"We do not employ more advanced merge conflict strategies, "
                      + "such as CRDT synchronization\" (sqlite-data CloudKitSync.md, \"Record conflicts\"; documented); "
                      + "keyid derives the primary key from the natural key and keeps the library's merge"),
        ],
        deleteRulesOnImport: true,
        unknowns: [.init(
            question: "what a column edited offline does when the server refuses its save (serverRecordChanged) for a newer edit of "
                + "the same column is not settled (docs/sources/stack-code.md S10): SQLiteData's code keeps the local column, "
                + "its own tests, on a mock database, show the later edit winning",
            readings: [
                .init(name: "localWins", settings: [.pendingColumnRule(.localWins)],
                      summary: "the device that sends last wins the column: SyncEngine.swift upsertFromServerRecord keeps a column that "
                          + "differs from the last known server record and re-stamps it (S6, S7; observed from code)"),
                .init(name: "laterEditWins", settings: [.pendingColumnRule(.laterEditWins)],
                      summary: "the later edit wins the column: MergeConflictTests, run on the library's mock database whose records "
                          + "carry no modificationDate (S10; observed from tests)"),
            ]), reuploadOrder])

    /// Your own server running your store code: the peer engine's hub. A
    /// `unique:*` strategy gives the server a real database unique index
    /// that refuses or merges a second record of a key. No CloudKit source
    /// applies: this is a server you write.
    static let ownserver = StackPreset(
        name: "ownserver",
        stack: "your own server running your store code (peer engine, hub topology)",
        engine: "peer",
        settings: [],
        topology: .hub,
        strategies: StrategyCatalog.defaultNames,
        exclusions: [])
}
