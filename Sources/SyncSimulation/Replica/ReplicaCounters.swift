/// What one replica refused or could not apply.
public struct ReplicaCounters: Hashable, Sendable {
    /// Local saves the store refused (nothing written, the app saw an error).
    public var rejectedLocalSaves = 0
    /// Distinct remote change sets refused at least once.
    public var rejectedChangeSets = 0
    /// Remote changes addressed to records this replica does not have.
    public var missedChanges = 0
    /// Local updates, deletes and links whose fetch found no live record
    /// to act on: the app did nothing (a delete that got there first, or a
    /// key this device has not received yet).
    public var missedIntents = 0
    /// Remote change sets applied.
    public var appliedChangeSets = 0

    /// Counters at zero.
    public init() {}
}
