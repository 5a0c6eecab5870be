/// What a store with a unique constraint does with two new records of one
/// key inserted into one context and saved together
/// (`sameSaveDuplicates` in a scenario file).
public enum SameSaveDuplicates: String, CaseIterable, Sendable {
    /// Core Data: "When you try to save a context with more than one object
    /// with the same value for a Unique Constraint, the first one you
    /// created is the one that gets saved" (seed 001, a practitioner's
    /// write-up: observed, not in Apple's documentation). The later
    /// objects' values are lost. Under NSErrorMergePolicy the save fails.
    case firstCreatedWins
    /// SwiftData's upsert applied to the pending object: the later insert
    /// updates the earlier one, which keeps its identity and takes every
    /// attribute of the later one. Apple documents the upsert against a
    /// stored model (WWDC23 "Model your schema with SwiftData"; seed 004)
    /// but not between two unsaved models, so this is a setting with both
    /// readings rather than a default.
    case upsertPending
}
