import SyncModel
import SyncStore

/// A replica's store, clock and id generator shared by real threads.
///
/// Every store operation (one fetch, one save with its commit) holds the
/// lock from start to end, so each is atomic and the data is never raced;
/// nothing holds it across operations, so an application's fetch and its
/// save can be separated by another thread's save: the check-then-insert
/// race, coming from the application logic and nothing else.
///
/// With a file database, each writer may have its own connection
/// (`writerStores`): its fetch then reads through that connection, outside
/// the lock, seeing what SQLite shows it (the last commit, in WAL), and its
/// save commits through it. Saves still take the lock, because the clock
/// and the id generator they draw from are the replica's, shared.
package final class SharedReplicaState: Sendable {
    private let context: LockedBox<StrategyContext?>
    private let writerStores: [LockedBox<any Store>]

    package init(_ context: sending StrategyContext, writerStores: [any Store] = []) {
        self.context = LockedBox(context)
        self.writerStores = writerStores.map { LockedBox($0) }
    }

    /// The application's fetch.
    func fetch(_ intent: Intent, strategy: any Strategy, writer: Int = 0) -> Fetched {
        read(writer: writer) { $0.strategyFetch(intent, strategy: strategy) }
    }

    /// A fetch by natural key, whatever the strategy fetches: what an app
    /// runs after a failed save.
    func fetchByKey(_ intent: Intent, writer: Int = 0) -> Fetched {
        read(writer: writer) { $0.fetchAddressed(intent) }
    }

    /// A read on the writer's own connection if it has one (outside the
    /// replica's lock), else on the replica's store under the lock.
    private func read(writer: Int, _ body: (StrategyContext) -> Fetched) -> Fetched {
        guard writerStores.indices.contains(writer) else { return context.withLock { body($0!) } }
        let template = context.withLock { $0! }
        return writerStores[writer].withLock { store in
            var own = template
            own.store = store
            return body(own)
        }
    }

    /// The application's save, under the lock; also the number of
    /// duplicates it created on this replica.
    func save(_ intent: Intent, fetched: Fetched, strategy: any Strategy, writer: Int = 0) -> (outcome: IntentOutcome, duplicatesCreated: Int) {
        func save(in context: inout StrategyContext) -> (outcome: IntentOutcome, duplicatesCreated: Int) {
            let before = context.store.duplicateCount
            let outcome = strategy.save(intent, fetched: fetched, in: &context)
            return (outcome, max(0, context.store.duplicateCount - before))
        }
        return context.withLock { state in
            guard writerStores.indices.contains(writer) else { return save(in: &state!) }
            return writerStores[writer].withLock { store in
                // The writer's connection stands in for the replica's store;
                // the clock and ids stay the replica's.
                store.reloadAfterOtherConnections()
                let replicaStore = state!.store
                state!.store = store
                let result = save(in: &state!)
                store = state!.store
                state!.store = replicaStore
                return result
            }
        }
    }

    /// Gives the state back once every thread is done with it.
    package func take() -> StrategyContext {
        context.withLock { $0.take()! }
    }
}

extension StrategyContext {
    /// The fetch a strategy does, from a context it can only read.
    func strategyFetch(_ intent: Intent, strategy: any Strategy) -> Fetched {
        strategy.fetch(intent, in: self)
    }
}
