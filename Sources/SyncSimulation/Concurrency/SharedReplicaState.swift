import Dispatch
import SyncModel
import SyncStore

/// A replica's store, clock and id generator shared by real threads.
///
/// Every store operation (one fetch, one save with its commit) holds the
/// lock from start to end, so each is atomic and the data is never raced;
/// nothing holds it across operations, so an application's fetch and its
/// save can be separated by another thread's save: the check-then-insert
/// race, coming from the application logic and nothing else.
final class SharedReplicaState: Sendable {
    private let context: LockedBox<StrategyContext?>

    init(_ context: sending StrategyContext) {
        self.context = LockedBox(context)
    }

    /// The application's fetch, under the lock.
    func fetch(_ intent: Intent, strategy: any Strategy) -> Fetched {
        context.withLock { $0!.strategyFetch(intent, strategy: strategy) }
    }

    /// A fetch by natural key, whatever the strategy fetches: what an app
    /// runs after a failed save.
    func fetchByKey(_ intent: Intent) -> Fetched {
        context.withLock { $0!.fetchAddressed(intent) }
    }

    /// The application's save, under the lock; also the number of
    /// duplicates it created on this replica.
    func save(_ intent: Intent, fetched: Fetched, strategy: any Strategy) -> (outcome: IntentOutcome, duplicatesCreated: Int) {
        context.withLock { state in
            let before = state!.store.duplicateCount
            let outcome = strategy.save(intent, fetched: fetched, in: &state!)
            return (outcome, max(0, state!.store.duplicateCount - before))
        }
    }

    /// Gives the state back once every thread is done with it.
    func take() -> StrategyContext {
        context.withLock { $0.take()! }
    }
}

extension StrategyContext {
    /// The fetch a strategy does, from a context it can only read.
    func strategyFetch(_ intent: Intent, strategy: any Strategy) -> Fetched {
        strategy.fetch(intent, in: self)
    }
}
