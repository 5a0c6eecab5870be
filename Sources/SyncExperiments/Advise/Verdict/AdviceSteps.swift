/// What a developer does to ship an option, in the stack's own terms,
/// each step with its source (docs/sources/stack-code.md,
/// docs/sources/dedupe-and-deletes.md, the seeds).
public enum AdviceSteps {
    /// The steps for `option`, in the order a developer takes them.
    public static func steps(for option: AdviceOptionID) -> [String] {
        var steps: [String] = []
        let cloudKit = ["nspckc", "cksyncengine", "sqlitedata"].contains(option.preset)
        switch (option.preset, option.strategy) {
        case ("nspckc", _):
            steps.append("Declare no unique constraint (#Unique or @Attribute(.unique)) in the model: NSPersistentCloudKitContainer "
                + "refuses to load a CloudKit model with one (seed 002, observed; Apple, \"Creating a Core Data Model for CloudKit\", "
                + "documented); the key is enforced by the app instead")
        case ("sqlitedata", _):
            steps.append("Declare no UNIQUE constraint other than the primary key: SQLiteData's SyncEngine refuses one when it starts "
                + "(sqlite-data CloudKitSync.md, \"Uniqueness constraints\"; documented; stack-code.md S2)")
        default:
            break
        }
        switch option.strategy {
        case "keyid":
            if option.preset == "sqlitedata" {
                steps.append("Make the natural key the table's primary key: SQLiteData names each record \"<primaryKey>:<table>\", so "
                    + "every device writes the same record for one key (CloudKitSync.md; documented; stack-code.md S3)")
            } else {
                steps.append("Derive each record's name from its natural key, not a random UUID as Apple's sample does "
                    + "(sample-cloudkit-sync-engine DataModel.swift:24-25, stack-code.md K2; observed): two devices that create "
                    + "one key then write one record")
                steps.append("Keep the stack's own merge of a record's fields (" + (option.preset == "ownserver"
                    ? "your server's" : "the sample's mergeFromServerRecord, newer userModificationDate wins; stack-code.md K5") + ")")
            }
        case "crdt":
            steps.append("Derive each record's name from its natural key, and merge each field by its own stamp (a hybrid logical "
                + "clock) when a fetched or conflicting record arrives, in place of the sample's whole-record date comparison "
                + "(stack-code.md K5, K7; observed)")
        case "dedupe", "dedupe:apple":
            steps.append("Fetch by the natural key before inserting, and after every import of remote changes run a dedupe pass: "
                + "keep the record with the smallest UUID, move the others' relationships to it and delete them in the same save "
                + "(Apple, \"Synchronizing a local store to the cloud\"; documented; dedupe-and-deletes.md item 1)")
        case "dedupe:deferred":
            steps.append("Fetch by the natural key before inserting; after an import, mark the duplicates (deduplicatedDate), hide "
                + "marked records from every fetch, and delete them only once a later export and import have both succeeded "
                + "(Apple, \"Sharing Core Data objects between iCloud users\"; documented; dedupe-and-deletes.md item 2)")
        case "dedupe:merge":
            steps.append("Run the dedupe pass and copy the losers' newer field values into the record kept (neither Apple "
                + "sample does this; dedupe-and-deletes.md item 4)")
        case "lww", "lww:field":
            steps.append("Nothing more: records of one key created on two devices stay as separate records (the baseline"
                + (option.strategy == "lww:field" ? "; SQLiteData merges each column by its own stamp, stack-code.md S4-S6" : "") + ")")
        default:
            if option.strategy.hasPrefix("unique:") {
                let policy = option.strategy.dropFirst("unique:".count)
                steps.append("Keep a unique index on the natural key in your own store, resolving a collision with the \(policy) "
                    + "merge policy (seeds 000, 001); " + (cloudKit
                        ? "CloudKit's server has no constraint, so records of one key still arrive with other names and the policy "
                            + "resolves them on each device"
                        : "your server's database index refuses or merges a second record of a key"))
            }
        }
        if option.variant != nil {
            steps.append("The figures cover the \(option.variant!) reading of a behaviour no source settles (docs/presets.md); "
                + "compare the other reading's row before relying on it")
        }
        return steps
    }
}
