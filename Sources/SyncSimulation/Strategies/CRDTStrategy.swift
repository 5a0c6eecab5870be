import SyncModel
import SyncStore

/// `crdt`: natural-key identity. A record's id is derived from its entity
/// and identity key (``NaturalKey/derivedRecordID(schema:)``), so every
/// replica's create of one key is the same record and merges field by field
/// under a hybrid logical clock. No constraint, no dedupe pass, no
/// coordination. Only the first unique key can be the identity: duplicates
/// on an entity's other unique keys are possible and reported.
public struct CRDTStrategy: Strategy {
    public init() {}

    public var name: String { "crdt" }
    public var clockKind: StampClockKind { .hybrid }
    public var enforcesUniqueness: Bool { false }
    public var promisesConvergence: Bool { true }
    public var syncsRecordsAsCRDTs: Bool { true }

    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        // A stale fetch does no harm here: every writer's insert of one key
        // is the same record, and the inserts merge.
        return context.upsertByKeyDerivedID(rows, fetched: fetched)
    }

    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }
}
