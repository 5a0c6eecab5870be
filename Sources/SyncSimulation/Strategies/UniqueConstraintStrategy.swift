import SyncModel
import SyncStore

/// `unique:<policy>`: a strict unique constraint, as Core Data and SwiftData
/// enforce it (seeds 000, 001, 003, 004). The store refuses a second live
/// holder of a key, as a `UNIQUE` index does, and the context's merge policy
/// resolves the collision, for local saves and remote change sets alike.
///
/// The application inserts without fetching ("no more fetch/if/else", seed
/// 001) and a new record has every attribute, set or not. Within one save
/// holding several new records of one key, the first created is the one
/// saved (seed 001), or with `sameSaveDuplicates: "upsertPending"` the
/// later ones update it (``SameSaveDuplicates``). Conflict resolution is local: only the local intent's
/// outcome is replicated, never what a policy did to a remote change set.
public struct UniqueConstraintStrategy: Strategy {
    /// Core Data's merge policies, by the names a user types.
    public enum MergePolicy: String, Sendable, CaseIterable {
        /// NSErrorMergePolicy, Core Data's default: the save fails whole.
        case error
        /// NSMergeByPropertyObjectTrumpMergePolicy, SwiftData's upsert: the
        /// stored record keeps its id and takes every attribute of the new
        /// one, unset ones included; to-many relationships are merged.
        case objectTrump
        /// NSMergeByPropertyStoreTrumpMergePolicy: the stored record keeps
        /// its values and gains the new one's to-many links.
        case storeTrump
        /// NSOverwriteMergePolicy: the new record survives with its own id
        /// and absorbs the stored one's to-many links; the stored one goes.
        case overwrite
        /// NSRollbackMergePolicy: the new record is discarded.
        case rollback
    }

    /// How a collision with the constraint is resolved.
    public let policy: MergePolicy

    /// The strategy of `policy`.
    public init(policy: MergePolicy) {
        self.policy = policy
    }

    /// `unique:<policy>`, such as `unique:objectTrump`.
    public var name: String { "unique:\(policy.rawValue)" }
    /// The device's wall clock.
    public var clockKind: StampClockKind { .wall }
    /// The store enforces unique keys, as a `UNIQUE` index does.
    public var enforcesUniqueness: Bool { true }
    /// No convergence promise: a refused change set stays refused.
    public var promisesConvergence: Bool { false }

    /// Saves insert without looking (the constraint is the check), so they
    /// fetch nothing.
    public func fetch(_ intent: Intent, in context: StrategyContext) -> Fetched {
        if case .save = intent { return .nothing(for: intent) }
        return context.fetchAddressed(intent)
    }

    /// Inserts every row as a new record with a random id and every attribute; the merge policy resolves collisions.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        var inserts: [Record] = []
        for row in rows {
            let id = context.randomRecordID()
            inserts.append(context.creation(of: row, id: id, writingUnsetFields: true))
        }
        if context.app.sameSaveDuplicates == .upsertPending { inserts = Self.upsertingPending(inserts, schema: context.schema) }
        switch save(inserting: inserts, updating: [], in: &context) {
        case .success(let replicated): return .saved(changes: StrategyContext.combined(replicated))
        case .failure(let error): return .rejected(error)
        }
    }

    /// Applies the change set under the merge policy; what the policy did is not replicated.
    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        var inserts: [Record] = []
        var updates: [Record] = []
        var missed = 0
        for change in changeSet.changes {
            let local = context.localID(for: change.id)
            if local != change.id, let survivor = context.store.record(local) {
                // Made to a record this replica folded into `survivor` by
                // its key: it lands there, as an app applies a change to the
                // object that holds the incoming record's id; a delete of
                // that record deletes the survivor.
                var readdressed = change.readdressed(to: local)
                if change.deletesSomething { readdressed = readdressed.merged(with: context.deletion(of: survivor)) }
                updates.append(readdressed)
            } else if context.store.record(change.id) != nil {
                updates.append(change)
            } else if change.isCreation {
                inserts.append(change)
            } else {
                // Addressed to a record this replica never kept: the change
                // misses.
                missed += 1
            }
        }
        switch save(inserting: inserts, updating: updates, in: &context) {
        case .success: return .applied(missedChanges: missed)
        case .failure(let error): return .rejected(error)
        }
    }

    /// Saves `inserts` (new records, in creation order) and `updates`
    /// (changes to known records) in one transaction, letting the merge
    /// policy resolve unique conflicts. Returns what a local save replicates,
    /// not yet joined per record (``StrategyContext/combined(_:)``): a
    /// remote apply replicates nothing, so it skips the join.
    func save(inserting inserts: [Record], updating updates: [Record], in context: inout StrategyContext) -> Result<[Record], StoreError> {
        var kept = KeptRecords(policy == .error ? inserts : firstCreatedPerKey(inserts, schema: context.schema))
        var resolutions: [StoreOperation] = []
        var replicatedResolutions: [Record] = []
        var folds: [(RecordID, RecordID)] = []
        // Each record's updates in this transaction, in their order: a
        // conflict reads them by id, not by scanning every update.
        var updatesByID: [RecordID: [Record]] = [:]
        for update in updates { updatesByID[update.id, default: []].append(update) }

        // Each round resolves the conflicts the store reported; a policy
        // drops or rewrites the colliding new record, so rounds are few.
        for _ in 0 ..< 8 {
            let operations = updates.map(StoreOperation.merge) + kept.records.map(StoreOperation.merge) + resolutions
            do {
                try context.store.commit(Transaction(operations))
                for (folded, survivor) in folds { context.aliases[folded] = survivor }
                return .success(kept.records + replicatedResolutions)
            } catch {
                // A storage failure is not a collision: nothing to resolve.
                if policy == .error || error.code != .uniqueConstraint { return .failure(error) }
                for conflict in error.conflicts {
                    let newIDs = conflict.recordIDs.filter(kept.contains)
                    let storedIDs = conflict.recordIDs.filter { !newIDs.contains($0) }
                    guard newIDs.count == 1, storedIDs.count == 1, var stored = context.store.record(storedIDs[0]) else {
                        // Not a new-versus-stored collision (the constraint
                        // was broken by an update): refuse like the error policy.
                        return .failure(error)
                    }
                    // The stored record as this transaction's updates leave it.
                    for update in updatesByID[stored.id] ?? [] { stored = stored.merged(with: update) }
                    let newRecord = kept.remove(newIDs[0])
                    let outcome = resolve(new: newRecord, stored: stored, context: &context)
                    kept.append(outcome.keep)
                    resolutions += outcome.operations
                    replicatedResolutions += outcome.replicated
                    if outcome.keep.isEmpty { folds.append((newRecord.id, stored.id)) }
                }
            }
        }
        preconditionFailure("\(name): unique conflicts did not resolve in 8 rounds")
    }

    private struct Resolution {
        var keep: [Record] = []
        var operations: [StoreOperation] = []
        var replicated: [Record] = []
    }

    private func resolve(new: Record, stored: Record, context: inout StrategyContext) -> Resolution {
        let schema = context.schema
        var result = Resolution()
        switch policy {
        case .error:
            preconditionFailure("the error policy never resolves")
        case .objectTrump:
            var survivor = stored
            survivor.fields = new.fields
            for index in survivor.relations.indices {
                survivor.relations[index] = stored.relations[index].merged(with: new.relations[index])
            }
            result.operations = [.replace(survivor)]
            var change = Record(id: stored.id, entity: stored.entity, schema: schema)
            change.fields = new.fields
            change.relations = new.relations
            result.replicated = [change]
        case .storeTrump:
            var change = Record(id: stored.id, entity: stored.entity, schema: schema)
            change.relations = new.relations
            if !change.isEmpty {
                result.operations = [.merge(change)]
                result.replicated = [change]
            }
        case .overwrite:
            var survivor = new
            for index in survivor.relations.indices {
                for target in stored.relations[index].elements {
                    survivor.relations[index].add(target, tag: context.stamp())
                }
            }
            let removal = context.deletion(of: stored)
            result.keep = [survivor]
            result.operations = [.merge(removal)]
            result.replicated = [removal]
        case .rollback:
            break
        }
        return result
    }

    /// Folds every new record whose key an earlier new record of the same
    /// save holds into that one (`sameSaveDuplicates: "upsertPending"`):
    /// the earlier keeps its id and takes the later one's attributes, all
    /// written (unset ones included) with the later, newer stamp.
    static func upsertingPending(_ inserts: [Record], schema: Schema) -> [Record] {
        var holder: [NaturalKey: Int] = [:]
        var kept: [Record] = []
        for record in inserts {
            let keys = schema[record.entity].uniqueKeys.indices.compactMap {
                NaturalKey(record: record, uniqueKey: UniqueKeyID(entity: record.entity, key: $0), schema: schema)
            }
            if let index = keys.lazy.compactMap({ holder[$0] }).first {
                kept[index] = kept[index].merged(with: record.readdressed(to: kept[index].id))
                continue
            }
            for key in keys { holder[key] = kept.count }
            kept.append(record)
        }
        return kept
    }

    /// Drops every new record whose key an earlier new record in the same
    /// save already holds: the first one created is the one saved.
    private func firstCreatedPerKey(_ inserts: [Record], schema: Schema) -> [Record] {
        var taken: Set<NaturalKey> = []
        var kept: [Record] = []
        for record in inserts {
            let keys = schema[record.entity].uniqueKeys.indices.compactMap {
                NaturalKey(record: record, uniqueKey: UniqueKeyID(entity: record.entity, key: $0), schema: schema)
            }
            if keys.contains(where: taken.contains) { continue }
            taken.formUnion(keys)
            kept.append(record)
        }
        return kept
    }
}
