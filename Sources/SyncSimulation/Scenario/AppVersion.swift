/// One version of the app (`versions:`), as far as uniqueness goes: whether
/// its model declares the schema's unique keys, and how a device's store
/// reaches it from the version before. Versions share one schema (the last
/// version's, by which every duplicate is counted); an earlier version
/// that does not declare the keys is the app before a unique constraint
/// was added (seed 002's `@Attribute(.unique)`, seed 004's v1 → v2).
public struct AppVersion: Hashable, Sendable {
    /// The version's name, as `versions:` gives it.
    public let name: String
    /// False for an app without the keys: under `unique:*` its store has no
    /// constraint, under `dedupe:*` it runs no dedupe pass, under `crdt` its
    /// ids are random, not derived from a key.
    public let declaresUniqueKeys: Bool
    /// How a device's store is migrated when it upgrades to this version.
    public let migration: Migration

    /// A version; its store is reached by a lightweight migration unless `migration` says otherwise.
    public init(name: String, declaresUniqueKeys: Bool, migration: Migration = .lightweight) {
        self.name = name
        self.declaresUniqueKeys = declaresUniqueKeys
        self.migration = migration
    }

    /// What happens to a device's store when the app moves to a version
    /// that adds unique constraints (docs/MODEL.md, "Workflows").
    public enum Migration: String, Hashable, Sendable, CaseIterable {
        /// Core Data's inferred (lightweight) migration: it adds the
        /// constraint, and fails on existing duplicates; the store does not
        /// open (NSCocoaErrorDomain 134110, observed).
        case lightweight
        /// The app deletes the store that failed to migrate and rebuilds it
        /// from sync: what it had not synced yet is lost (`lostOnReset`).
        case reset
        /// A custom migration stage that removes duplicates before the
        /// constraint is added (seed 004's `willMigrate`).
        case dedupeFirst
    }
}

/// Core Data's answer to a lightweight migration that meets duplicates:
/// "Error Domain=NSCocoaErrorDomain Code=134110 … reason=Cannot migrate
/// store in-place: constraint violation during attempted migration"
/// (observed; docs/sources/workflows.md, item 3).
public enum MigrationFailure {
    /// The error's text, as a device that failed to migrate reports it.
    public static let text = "NSCocoaErrorDomain 134110: Cannot migrate store in-place: constraint violation during attempted migration"
}
