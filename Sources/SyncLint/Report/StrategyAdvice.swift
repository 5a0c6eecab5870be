/// The summary's answer to "which SyncSim strategies fit this model", for
/// an app that syncs it with NSPersistentCloudKitContainer (Core Data, or
/// SwiftData with a CloudKit database): the `nspckc` preset's stack.
///
/// The strategy names are SyncSim's (`StrategyCatalog`); what each stack
/// can run follows the presets (`PresetCatalog`: `nspckc` cannot run
/// `unique:*` or `crdt`). This target does not depend on the simulator, so
/// a test in SyncLintTests checks both against the catalogs.
enum StrategyAdvice {
    /// Every strategy a line is printed for, in the order printed.
    static let strategyNames = ["unique:error", "lww", "lww:field", "dedupe", "dedupe:merge", "dedupe:deferred", "crdt"]

    /// The strategies the summary says run on this stack.
    static let runnableOnStack = ["lww", "dedupe", "dedupe:merge", "dedupe:deferred"]

    static func lines(for model: DataModel) -> [String] {
        // A key on a relationship (`@Relationship(.unique)`) names no field
        // SyncSim can count duplicates by.
        func fieldKeys(_ entity: Entity) -> [UniqueKey] {
            entity.uniqueKeys.filter { key in key.fields.allSatisfy { field in entity.attributes.contains { $0.name == field } } }
        }
        let keyed = model.entities.filter { $0.isSynced && !fieldKeys($0).isEmpty }
        let keyedNames = keyed.map(\.name).joined(separator: ", ")
        let hasKeys = !keyed.isEmpty
        var lines: [String] = []
        if hasKeys {
            let keys = keyed.map { entity in
                entity.name + " " + fieldKeys(entity).map { "(" + $0.fields.joined(separator: ", ") + ")" }.joined(separator: " ")
            }
            lines.append("natural keys (the model's unique constraints): " + keys.joined(separator: ", "))
        } else {
            lines.append("natural keys: none (no unique constraint names the field(s) that identify a record, so nothing defines a duplicate)")
        }
        lines.append("SyncSim strategies with CloudKit (NSPersistentCloudKitContainer, simulate --preset nspckc):")
        let noKey = "no natural key to dedupe by: name the field(s) that identify a record in `unique` of the schema --write-schema writes"
        let verdicts: [(String, String)] = [
            ("unique:error", hasKeys
                ? "no: a local unique constraint cannot ship with CloudKit (the unique-constraint errors above); nor can any unique:<policy>"
                : "no: a local unique constraint cannot ship with CloudKit; this model has none, as it should"),
            ("lww", hasKeys
                ? "yes, every entity: no dedupe, so records of one natural key created on two devices stay duplicated (the baseline)"
                : "yes, every entity: no dedupe; without a natural key SyncSim has no duplicates to count"),
            ("lww:field", "not on this stack: the container settles a conflict for the whole record; per-field last-writer-wins is "
                + "SQLiteData's (simulate --preset sqlitedata)"),
            ("dedupe", hasKeys
                ? "yes for \(keyedNames): fetch by natural key before insert, and Apple's dedupe pass after import (= dedupe:apple)"
                : noKey),
            ("dedupe:merge", hasKeys ? "yes for \(keyedNames): as dedupe, and the losers' newer field values are kept" : noKey),
            ("dedupe:deferred", hasKeys
                ? "yes for \(keyedNames): as dedupe, but a loser is deleted only once its mark has synced (Apple's later sample)"
                : noKey),
            ("crdt", hasKeys
                ? "not on this stack: the container names every record itself; with CKSyncEngine (simulate --preset cksyncengine) "
                    + "record names derived from the natural keys of \(keyedNames)"
                : "not on this stack, and no natural key to derive record names from"),
        ]
        precondition(verdicts.map(\.0) == strategyNames, "one verdict per strategy, in order")
        let width = strategyNames.map(\.count).max()! + 2
        for (name, verdict) in verdicts {
            lines.append("  " + name + String(repeating: " ", count: width - name.count) + verdict)
        }
        return lines
    }
}
