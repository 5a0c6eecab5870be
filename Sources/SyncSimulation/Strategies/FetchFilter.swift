import SyncModel
import SyncStore

/// Records an app leaves out of every fetch its users' screens make, while
/// they stay in the store and sync: `dedupe:deferred`'s marked losers,
/// which Apple's "Sharing Core Data objects between iCloud users" sample
/// hides with a predicate excluding tags whose `deduplicatedDate` is set
/// (docs/sources/dedupe-and-deletes.md, item 2; /work/shared/SOURCES.md,
/// "Core Data + CloudKit dedupe samples"). The checker counts duplicates,
/// copies, divergence and the canonical record of a key as such a fetch
/// returns them (docs/MODEL.md, "Metrics").
public struct FetchFilter: Hashable, Sendable {
    /// A record of an entity with this field is hidden while the field is set.
    public let hidingField: String

    /// A filter hiding records whose `hidingField` is set.
    public init(hidingField: String) {
        self.hidingField = hidingField
    }

    /// True when a fetch leaves `record` out (live or not: a deleted record
    /// is never returned anyway).
    public func hides(_ record: Record, schema: Schema) -> Bool {
        guard let field = schema[record.entity].fieldIndex(hidingField) else { return false }
        return record.value(field) != nil
    }

    /// The live holders of `key` a fetch returns, in id order.
    public func visibleHolders(of key: NaturalKey, in store: any Store) -> [RecordID] {
        store.liveRecordIDs(holding: key).filter { id in store.record(id).map { !hides($0, schema: store.schema) } ?? false }
    }

    /// The live holders of `key` an app with `filter` fetches, in id order:
    /// every live holder when it hides nothing (nil).
    public static func holders(of key: NaturalKey, in store: any Store, filter: FetchFilter?) -> [RecordID] {
        filter.map { $0.visibleHolders(of: key, in: store) } ?? store.liveRecordIDs(holding: key)
    }

    /// The record a fetch by `key` returns first: the lowest-id holder the
    /// app sees. What the app's own fetch, the canonical record of
    /// `lostWrites` and a value expectation all read.
    public static func firstFetched(_ key: NaturalKey, in store: any Store, filter: FetchFilter?) -> Record? {
        guard let filter else { return store.firstLiveRecord(holding: key) }
        return filter.visibleHolders(of: key, in: store).first.flatMap { store.record($0) }
    }

    /// Whether a fetch by `key` returns anything: ``holders(of:in:filter:)`` is not empty.
    public static func isFetched(_ key: NaturalKey, in store: any Store, filter: FetchFilter?) -> Bool {
        guard let filter else { return store.holdsLiveRecord(key) }
        return !filter.visibleHolders(of: key, in: store).isEmpty
    }
}
