/// How the application writers of a `writers` step run.
public enum WriterConcurrency: String, Sendable, CaseIterable {
    /// Simulated tasks whose fetch and save steps the seeded scheduler
    /// interleaves in virtual time: reproducible from the seed.
    case deterministic
    /// Real concurrent threads on a thread-safe store (``ParallelThreads``;
    /// the name is the option's, from when they were Dispatch work items):
    /// the interleaving is the threads', so runs are not reproducible.
    case dispatch
}
