import SyncModel

/// The peer engine's anti-entropy exchange, push-pull: a request carries
/// what the sender holds; the reply carries what the requester lacks and
/// what the replier holds; a push returns what the replier lacks.
public enum PeerMessage: EngineMessage {
    case request(held: VersionVector)
    case reply(changeSets: [ChangeSet], held: VersionVector)
    case push(changeSets: [ChangeSet])

    /// True when the message carries change sets: only such a message can
    /// change its receiver's state. A request changes nothing by itself; its
    /// reply is computed from the replier's state when it arrives, so
    /// between two settled replicas it carries nothing the requester lacks.
    public var carriesChanges: Bool {
        switch self {
        case .request: return false
        case .reply(let changeSets, _), .push(let changeSets): return !changeSets.isEmpty
        }
    }

    /// Estimated bytes on the wire: an 8-byte header, 4 per vector entry,
    /// plus each change set's own estimate.
    public var sizeBytes: Int {
        switch self {
        case .request(let held):
            return 8 + 4 * held.counts.count
        case .reply(let changeSets, let held):
            return 8 + 4 * held.counts.count + changeSets.reduce(0) { $0 + $1.sizeBytes }
        case .push(let changeSets):
            return 8 + changeSets.reduce(0) { $0 + $1.sizeBytes }
        }
    }
}
