import SyncSimulation

/// The summary's answer to "which SyncSim strategies fit this model", for
/// an app that syncs it with NSPersistentCloudKitContainer (Core Data, or
/// SwiftData with a CloudKit database): the `nspckc` preset's stack.
///
/// The strategies are ``StrategyCatalog``'s entries, family by family in
/// the catalog's order (`lww` then `lww:field`, the `dedupe` variants
/// together), each once: an alias (`dedupe:apple`) is named on the line of
/// the strategy it is another name for, and the strategies whose store
/// enforces a unique constraint share the first one's line, since none of
/// them can ship with CloudKit. The verdicts are worded here; a strategy
/// without words of its own gets one from the `nspckc` preset and its
/// summary, so a new catalog entry is advised on with no edit here.
enum StrategyAdvice {
    /// Every strategy a line is printed for, in the order printed.
    static let strategyNames: [String] = {
        var families: [Substring] = []
        for entry in StrategyCatalog.entries where !families.contains(entry.family) { families.append(entry.family) }
        var uniqueNamed = false
        return families.flatMap { family in StrategyCatalog.entries.filter { $0.family == family } }.filter { entry in
            guard entry.aliasOf == nil else { return false }
            guard entry.strategy().enforcesUniqueness else { return true }
            defer { uniqueNamed = true }
            return !uniqueNamed
        }.map(\.name)
    }()

    static func lines(for model: DataModel) -> [String] {
        // A key on a relationship (`@Relationship(.unique)`) names no field
        // SyncSim can count duplicates by.
        func fieldKeys(_ entity: Entity) -> [UniqueKey] {
            entity.uniqueKeys.filter { key in key.fields.allSatisfy { field in entity.attributes.contains { $0.name == field } } }
        }
        let keyed = model.entities.filter { $0.isSynced && !fieldKeys($0).isEmpty }
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
        let width = (strategyNames.map(\.count).max() ?? 0) + 2
        for name in strategyNames {
            let verdict = verdict(name, keyedNames: hasKeys ? keyed.map(\.name).joined(separator: ", ") : nil)
            lines.append("  " + name + String(repeating: " ", count: width - name.count) + verdict)
        }
        return lines
    }

    /// What the summary says of `name` on NSPersistentCloudKitContainer;
    /// `keyedNames`: the entities with a natural key, nil when none has one.
    static func verdict(_ name: String, keyedNames: String?) -> String {
        let noKey = "no natural key to dedupe by: name the field(s) that identify a record in `unique` of the schema --write-schema writes"
        if StrategyCatalog.strategy(named: name)?.enforcesUniqueness == true {
            return keyedNames != nil
                ? "no: a local unique constraint cannot ship with CloudKit (the unique-constraint errors above); nor can any unique:<policy>"
                : "no: a local unique constraint cannot ship with CloudKit; this model has none, as it should"
        }
        switch name {
        case "lww":
            return keyedNames != nil
                ? "yes, every entity: no dedupe, so records of one natural key created on two devices stay duplicated (the baseline)"
                : "yes, every entity: no dedupe; without a natural key SyncSim has no duplicates to count"
        case "lww:field":
            return "not on this stack: the container settles a conflict for the whole record; per-field last-writer-wins is "
                + "SQLiteData's (simulate --preset sqlitedata)"
        case "dedupe":
            return keyedNames.map { "yes for \($0): fetch by natural key before insert, and Apple's dedupe pass after import (= dedupe:apple)" } ?? noKey
        case "dedupe:merge":
            return keyedNames.map { "yes for \($0): as dedupe, and the losers' newer field values are kept" } ?? noKey
        case "dedupe:deferred":
            return keyedNames.map { "yes for \($0): as dedupe, but a loser is deleted only once its mark has synced (Apple's later sample)" } ?? noKey
        case "crdt":
            return keyedNames.map {
                "not on this stack: the container names every record itself; with CKSyncEngine (simulate --preset cksyncengine) "
                    + "record names derived from the natural keys of \($0)"
            } ?? "not on this stack, and no natural key to derive record names from"
        case "keyid":
            return keyedNames.map {
                "not on this stack: the container names every record itself; with SQLiteData (simulate --preset sqlitedata) "
                    + "record ids derived from the natural keys of \($0)"
            } ?? "not on this stack, and no natural key to derive record ids from"
        default:
            let summary = StrategyCatalog.entry(named: name)?.summary ?? name
            let runs = PresetCatalog.preset(named: "nspckc")?.exclusion(of: name) == nil
            return (runs ? "yes: " : "not on this stack: ") + summary
        }
    }
}
