/// What one replica refused or could not apply.
public struct ReplicaCounters: Hashable, Sendable {
    /// Local saves the store refused (nothing written, the app saw an error).
    public var rejectedLocalSaves = 0
    /// Distinct remote change sets refused at least once.
    public var rejectedChangeSets = 0
    /// Remote changes addressed to records this replica does not have.
    public var missedChanges = 0
    /// Remote change sets applied.
    public var appliedChangeSets = 0

    public init() {}
}
