import SyncModel
import SyncStore

/// How a dedupe pass moves relationships from the losers to the winner, in
/// both directions: the loser's own links go to the winner, and links that
/// point at the loser are re-pointed (Apple's sample moves a loser's posts;
/// docs/sources/dedupe-and-deletes.md, items 1 and 2). Inverses are derived
/// from the owning side, so moving the owning links moves both directions.
extension DedupeStrategy {
    /// Adds to `change` (a change to `winner`) the links `loser` owns that
    /// the winner lacks. A to-one moves only when the winner's is empty:
    /// the winner's own choice stands (choice: the samples have no to-one).
    func moveRelations(of loser: Record, into winner: Record, change: inout Record, context: inout StrategyContext) {
        let schema = context.schema
        for relation in loser.relations.indices {
            if schema[loser.entity].relations[relation].toMany {
                for target in loser.relations[relation].elements where !winner.relations[relation].elements.contains(target) {
                    change.relations[relation].add(target, tag: context.stamp())
                }
            } else if winner.relations[relation].latest == nil, let target = loser.relations[relation].latest {
                change.relations[relation].add(target, tag: context.stamp())
            }
        }
    }

    /// Moves every live relationship that points at a loser to its winner
    /// (a to-one only where the loser is its visible target). Scans only
    /// entities whose relations can target a deduped entity.
    func repointReferences(to losers: [RecordID: RecordID], changes: inout DedupePassChanges, context: inout StrategyContext) {
        let schema = context.schema
        let loserEntities = Set(losers.keys.compactMap { context.store.record($0)?.entity })
        let referencing = schema.entities.indices.filter { index in
            schema.entities[index].relations.contains { relation in
                loserEntities.contains { schema[$0].name == relation.target }
            }
        }
        guard !referencing.isEmpty else { return }
        let candidates = recordsThatMayLink(to: losers, changes: changes, context: context)
        for record in candidates where record.isLive && referencing.contains(record.entity.rawValue) {
            let source = changes.current(record.id, in: context.store)
            var change = Record(id: record.id, entity: record.entity, schema: schema)
            for relation in source.relations.indices {
                let toMany = schema[record.entity].relations[relation].toMany
                for target in source.targets(of: relation, schema: schema) {
                    guard var winner = losers[target] else { continue }
                    // A winner on one key may lose on another: follow the chain.
                    while let next = losers[winner] { winner = next }
                    let set = source.relations[relation]
                    change.relations[relation].remove(tags: toMany ? set.liveTags(of: target) : set.liveTags)
                    if !toMany || !set.elements.contains(winner) {
                        change.relations[relation].add(winner, tag: context.stamp())
                    }
                }
            }
            if !change.isEmpty { changes.stage(change) }
        }
    }

    /// The stored records that may link to a loser, sorted by id: those
    /// whose stored version holds one (the store's index of owners), and
    /// those this pass has staged (a winner that took over a loser's links
    /// may now hold another loser). Every record, without an index.
    private func recordsThatMayLink(to losers: [RecordID: RecordID], changes: DedupePassChanges, context: StrategyContext) -> [Record] {
        let store = context.store
        guard let records = context.records(changes.byID.keys, andThoseLinkingTo: losers.keys) else { return store.allRecords() }
        // Debug builds (every test run) check that no record outside the
        // candidates links to a loser in the version this pass reads.
        assert({
            let candidates = Set(records.map(\.id))
            return store.allRecords().allSatisfy { record in
                candidates.contains(record.id) || !record.relations.indices.contains { relation in
                    record.targets(of: relation, schema: store.schema).contains { losers[$0] != nil }
                }
            }
        }(), "a record linking to a loser is missing from the index of owners")
        return records
    }
}
