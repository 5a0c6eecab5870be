import SyncModel
import SyncStore

/// `dedupe:*`: application-level dedupe, what apps do when CloudKit forbids
/// the constraint (seed 002).
///
/// Locally: fetch by natural key and reuse a match, else insert (a random
/// id). After remote changes are saved, a dedupe pass runs on the device as
/// its own step, as Apple's "Synchronizing a local store to the cloud"
/// sample does after processing persistent history (`deduplicateAndWait`,
/// documented in the sample's code): per natural key the live record with
/// the lowest id wins (every device picks the same one without
/// coordinating), relationships to and from the losers move to it, and the
/// losers are deleted at once. What happens to the losers' field values is
/// the ``Variant``.
public struct DedupeStrategy: Strategy {
    /// What the pass does with the losers' field values.
    public enum Variant: String, CaseIterable, Sendable {
        /// Apple's sample: the losers' field values are not copied, so an
        /// edit made to a loser is lost when the loser is deleted.
        case apple
        /// The app's own extension, in no Apple sample: each of the losers'
        /// field values newer than the winner's is copied into the winner.
        case merge
        /// Apple's "Sharing Core Data objects between iCloud users" sample:
        /// losers are first marked (`deduplicatedDate`) and kept, so links
        /// that reach them late still move to the winner, and a pass
        /// deletes a marked loser only once the device has exported and
        /// imported successfully since the mark (or, with `dedupeDeferUntil:
        /// "time"`, once `dedupeDeferral` has passed) and the winner is live
        /// and unmarked on the device. Every fetch hides marked losers. No
        /// field value is copied (``DedupeStrategy+Deferred``).
        case deferred
    }

    /// The field `dedupe:deferred` marks a loser with: the date it was
    /// found to be a duplicate, as the sharing sample's `deduplicatedDate`.
    public static let markField = "deduplicatedDate"

    /// What the pass does with the losers' field values.
    public let variant: Variant
    /// The name the scenario or command used: `dedupe` means `dedupe:apple`
    /// and results carry whichever was typed.
    public let name: String

    /// The strategy of `variant`, named `name` if given, else `dedupe:<variant>`.
    public init(variant: Variant, name: String? = nil) {
        self.variant = variant
        self.name = name ?? "dedupe:\(variant.rawValue)"
    }

    /// The device's wall clock.
    public var clockKind: StampClockKind { .wall }
    /// No unique constraint: CloudKit forbids one, so the pass does the deduping.
    public var enforcesUniqueness: Bool { false }
    /// The pass runs after remote changes are saved.
    public var runsDedupePass: Bool { true }
    /// Replicas converge: every device picks the same winner without coordinating.
    public var promisesConvergence: Bool { true }
    /// `dedupe:deferred` hides its marked losers from every fetch, as the
    /// sharing sample's UI predicate does; the others hide nothing.
    public var fetchFilter: FetchFilter? { variant == .deferred ? FetchFilter(hidingField: Self.markField) : nil }

    /// Reuses the record fetched for each row's key, else inserts one with a random id.
    public func save(_ intent: Intent, fetched: Fetched, in context: inout StrategyContext) -> IntentOutcome {
        guard case .save(let rows) = intent else {
            return context.saveAddressed(intent, fetched: fetched, wholeRecordUpdates: false)
        }
        return context.upsert(rows, fetched: fetched) { _, context in context.randomRecordID() }
    }

    /// Merges the change set whole; duplicates it brings wait for the next pass.
    public func applyRemote(_ changeSet: ChangeSet, in context: inout StrategyContext) -> RemoteOutcome {
        context.mergeRemote(changeSet)
    }

    /// Adds the mark field to every entity with a unique key under `dedupe:deferred`; the others keep the scenario's
    /// schema.
    public func storeSchema(for schema: Schema) -> Schema {
        variant == .deferred ? schema.appendingFieldToKeyedEntities(Self.markField) : schema
    }

    /// Per natural key, keeps the live record with the lowest id, moves links to it and deletes the losers
    /// (`dedupe:deferred` marks them first). Does nothing in an app version without the keys.
    public func dedupePass(in context: inout StrategyContext) -> [Record] {
        // An app version without the keys has no dedupe code for them.
        guard context.app.declaresUniqueKeys else { return [] }
        if variant == .deferred { return deferredPass(in: &context) }
        let schema = context.schema
        var changes = DedupePassChanges()
        var losers: [RecordID: RecordID] = [:]   // loser -> winner

        func current(_ id: RecordID) -> Record { changes.current(id, in: context.store) }

        for uniqueKey in schema.allUniqueKeys {
            for key in context.store.duplicatedKeys(of: uniqueKey) {
                let holders = context.store.liveRecordIDs(holding: key).filter { losers[$0] == nil }
                guard holders.count > 1 else { continue }
                let winnerID = holders[0]
                for loserID in holders.dropFirst() {
                    let winner = current(winnerID)
                    let loser = current(loserID)
                    var absorb = Record(id: winnerID, entity: winner.entity, schema: schema)
                    for field in loser.fields.indices where variant == .merge {
                        guard let theirs = loser.fields[field] else { continue }
                        if winner.fields[field].map({ theirs.stamp > $0.stamp }) ?? true {
                            absorb.fields[field] = theirs
                        }
                    }
                    moveRelations(of: loser, into: winner, change: &absorb, context: &context)
                    if !absorb.isEmpty { changes.stage(absorb) }
                    changes.stage(context.deletion(of: loser))
                    losers[loserID] = winnerID
                }
            }
        }
        guard !losers.isEmpty else { return [] }
        repointReferences(to: losers, changes: &changes, context: &context)
        return changes.commit(in: &context)
    }
}
