/// Who syncs with whom.
public enum Topology: String, Hashable, Sendable, CaseIterable {
    /// Every replica may sync with every other (gossip picks the peers).
    case mesh
    /// A CloudKit-like server: an extra replica named `hub` that clients
    /// push to and pull from; clients never talk to each other.
    case hub
}
