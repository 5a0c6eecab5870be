import SyncModel
import SyncStore

/// `crdt`: natural-key identity. A record's id is derived from its entity
/// and identity key (``NaturalKey/derivedRecordID(schema:)``), so every
/// replica's create of one key is the same record and merges field by field
/// under a hybrid logical clock. No constraint, no dedupe pass, no
/// coordination. Only the first unique key can be the identity: duplicates
/// on an entity's other unique keys are possible and reported.
public struct CRDTStrategy: Strategy {
    /// The `crdt` strategy; it has no settings.
    public init() {}

    /// `crdt`.
    public var name: String { "crdt" }
    /// A hybrid logical clock, so that causally later writes carry later stamps whatever the device clocks say.
    public var clockKind: StampClockKind { .hybrid }
    /// No unique constraint: the identity key makes one record of every create of a key.
    public var enforcesUniqueness: Bool { false }
    /// Replicas converge once every change set has reached every one.
    public var promisesConvergence: Bool { true }
    /// Records travel as CRDTs and are joined, whatever the engine's conflict policy.
    public var syncsRecordsAsCRDTs: Bool { true }

    /// Upserts each row by its key-derived id; updates, deletes and links act on the record fetched.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        // A stale fetch does no harm here: every writer's insert of one key
        // is the same record, and the inserts merge.
        return context.upsertByKeyDerivedID(rows, fetched: fetched)
    }

    /// Merges the change set whole, field by field.
    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }
}
