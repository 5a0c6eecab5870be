/// How the application writers of a `writers` step run.
public enum WriterConcurrency: String, Sendable, CaseIterable {
    /// Simulated tasks whose fetch and save steps the seeded scheduler
    /// interleaves in virtual time: reproducible from the seed.
    case deterministic
    /// Real concurrent Dispatch work items on a thread-safe store: the
    /// interleaving is the threads', so runs are not reproducible.
    case dispatch
}
