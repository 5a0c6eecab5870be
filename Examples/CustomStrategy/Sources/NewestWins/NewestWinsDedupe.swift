import SyncSim

/// `dedupe:newest`: the app fetches by key before it inserts, as Apple's
/// dedupe sample does, and after every import a pass keeps, of the live
/// records holding one key, the one modified last (the newest stamp of any
/// field; the lowest id on a tie, so every device picks the same one) and
/// deletes the others. Unlike `dedupe:apple`, whose winner is the lowest
/// id, the copy a user touched last survives; like it, no field value of a
/// loser is copied and links are not moved.
public struct NewestWinsDedupe: Strategy {
    public init() {}

    public var name: String { "dedupe:newest" }
    public var clockKind: StampClockKind { .wall }
    public var enforcesUniqueness: Bool { false }
    public var runsDedupePass: Bool { true }
    public var promisesConvergence: Bool { true }

    /// Updates, deletes and links act on the record fetched; a save
    /// updates the record of its key if the fetch found one, else inserts
    /// a record with a random id.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        return context.upsert(rows, fetched: fetched) { _, context in context.randomRecordID() }
    }

    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }

    public func dedupePass(in context: inout StrategyContext) -> [Record] {
        var deletions: [Record] = []
        var deleted: Set<RecordID> = []
        for uniqueKey in context.schema.allUniqueKeys {
            for key in context.store.duplicatedKeys(of: uniqueKey) {
                let holders = context.store.liveRecordIDs(holding: key).filter { !deleted.contains($0) }
                    .compactMap { context.store.record($0) }
                guard let winner = holders.max(by: Self.olderFirst) else { continue }
                for loser in holders where loser.id != winner.id {
                    deletions.append(context.deletion(of: loser))
                    deleted.insert(loser.id)
                }
            }
        }
        guard !deletions.isEmpty else { return [] }
        // A pass's deletes cannot break a constraint: the store has none.
        return (try? context.commitMerging(deletions)) ?? []
    }

    /// Orders records by their newest stamp, and on a tie puts the higher
    /// id first, so that `max` picks the newest, then the lowest id.
    static func olderFirst(_ a: Record, _ b: Record) -> Bool {
        switch (a.maxStamp, b.maxStamp) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return true
        case (_?, nil): return false
        default: return a.id > b.id
        }
    }
}
