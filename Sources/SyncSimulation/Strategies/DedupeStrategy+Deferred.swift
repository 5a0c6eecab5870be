import SyncModel
import SyncStore

/// `dedupe:deferred`, after Apple's "Sharing Core Data objects between
/// iCloud users" sample (docs/MODEL.md, "Dedupe pass", and
/// docs/sources/dedupe-and-deletes.md, item 2). The sample does not delete a loser
/// at once, because a device can delete it before the loser's
/// relationships have arrived and lose them: it marks the loser with
/// `deduplicatedDate`, keeps the first tag by id that is not marked, moves
/// the relationships of every loser (marked earlier or now) to it, and
/// deletes marked tags once the mark is older than the earlier of the
/// device's last successful export and import (by 60 s in the sample,
/// "weeks or months" in a real app). Here, by default, a mark older than
/// both events (`dedupeDeferUntil: "exportAndImport"`, ``DedupeDeferUntil``;
/// the engine reports them, ``StrategyContext/lastExportMicros``), or with
/// `"time"`, `dedupeDeferral` since the mark; and a device deletes a marked
/// loser only while it holds the winner live and unmarked. Every fetch the
/// app makes hides marked losers (``FetchFilter``).
extension DedupeStrategy {
    func deferredPass(in context: inout StrategyContext) -> [Record] {
        let schema = context.schema
        let now = context.nowMicros
        let deferral = context.app.dedupeDeferralMicros
        var changes = DedupePassChanges()
        var moves: [RecordID: RecordID] = [:]   // loser -> winner
        var nextDue: Int64?
        var awaitingSince: Int64?
        let waitsForSync = context.app.dedupeDeferUntil == .exportAndImport
        // The sample's test: the mark is older than the earlier of the last
        // successful export and import (none yet: not due).
        let syncedSince = context.syncedSinceMicros
        func isDue(_ marked: Int64) -> Bool {
            waitsForSync ? syncedSince.map { marked < $0 } ?? false : marked + deferral <= now
        }
        func wait(for marked: Int64) {
            if waitsForSync {
                awaitingSince = min(awaitingSince ?? .max, marked)
            } else {
                nextDue = min(nextDue ?? .max, marked + deferral)
            }
        }

        func current(_ id: RecordID) -> Record { changes.current(id, in: context.store) }
        func markedAt(_ record: Record) -> Int64? {
            guard let field = schema[record.entity].fieldIndex(Self.markField), case .int(let date)? = record.value(field) else { return nil }
            return date
        }

        for uniqueKey in schema.allUniqueKeys {
            for key in context.store.duplicatedKeys(of: uniqueKey) {
                let holders = context.store.liveRecordIDs(holding: key).filter { moves[$0] == nil && current($0).isLive }
                guard holders.count > 1 else { continue }
                let unmarked = holders.filter { markedAt(current($0)) == nil }
                let winnerID = unmarked.first ?? holders[0]
                if unmarked.isEmpty {
                    // Every copy is marked: the winner each was marked for
                    // is gone (deleted, or a loser on another key). The
                    // lowest id is unmarked and wins (choice: the sample
                    // does not say), so the others can go.
                    let winner = current(winnerID)
                    var unmark = Record(id: winnerID, entity: winner.entity, schema: schema)
                    unmark.set(schema[winner.entity].fieldIndex(Self.markField)!, to: nil, stamp: context.stamp())
                    changes.stage(unmark)
                }
                for loserID in holders where loserID != winnerID {
                    let loser = current(loserID)
                    let winner = current(winnerID)
                    var absorb = Record(id: winnerID, entity: winner.entity, schema: schema)
                    moveRelations(of: loser, into: winner, change: &absorb, context: &context)
                    if !absorb.isEmpty { changes.stage(absorb) }
                    moves[loserID] = winnerID
                    guard let marked = markedAt(loser) else {
                        var mark = Record(id: loserID, entity: loser.entity, schema: schema)
                        mark.set(schema[loser.entity].fieldIndex(Self.markField)!, to: .int(now), stamp: context.stamp())
                        changes.stage(mark)
                        wait(for: now)
                        continue
                    }
                    if isDue(marked) {
                        changes.stage(context.deletion(of: loser))
                    } else {
                        wait(for: marked)
                    }
                }
            }
        }
        context.nextPassDueMicros = nextDue
        context.marksAwaitingSyncSinceMicros = awaitingSince
        guard !moves.isEmpty else { return [] }
        repointReferences(to: moves, changes: &changes, context: &context)
        return changes.commit(in: &context)
    }
}
