import SyncModel

/// How changes travel between devices: one type per engine, in its own
/// folder under `Engines/`, behind this protocol, so adding an engine
/// touches no other.
///
/// An engine is a state machine over the devices' sync state (an op-log
/// per device for `peer`). The kernel owns the devices' apps
/// (``ReplicaNode``), the clock, the event queue and the network; it hands
/// the engine each input (a local commit, a sync timer, a message that
/// arrived, a crash) with the one device it concerns, the only node it may
/// apply changes to, and carries out the actions the engine returns, in
/// order. An engine never sends,
/// schedules or draws randomness but through what it is given.
public protocol SyncEngine {
    /// A device's app committed changes locally (a save, a writer's save or
    /// a dedupe pass): the engine records them to send.
    mutating func committed(_ changes: [Record], on device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction]
    /// A running device's sync timer fired. `random` is the device's sync
    /// stream, for choices such as which peers to contact.
    mutating func syncTick(_ device: inout ReplicaNode, random: inout Xoshiro256StarStar, atMicros now: Int64) -> [EngineAction]
    /// A message reached a running device (`envelope.to` is `device.id`).
    mutating func receive(_ envelope: Envelope, at device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction]
    /// A message reached the engine's own server endpoint (an address past
    /// the last device, which has no node).
    mutating func receiveAtServer(_ envelope: Envelope, atMicros now: Int64) -> [EngineAction]
    /// A device crashed: what it held only in memory is gone. Returns how
    /// many received, unapplied changes it lost.
    mutating func crashed(_ replica: ReplicaID) -> Int
    /// A device was wiped (the app reinstalled) and comes back empty, its
    /// writes now stamped as `newOrigin`.
    mutating func wiped(_ replica: ReplicaID, newOrigin: ReplicaID)
    /// No device can be wiped any more (no reinstall or reset is left in
    /// the scenario): what every device applied will never be asked for
    /// again, so an engine may forget it. A wipe after this is a bug.
    mutating func wipesAreOver()
    /// A device's app turned sync on or off (`syncOff`, `enableSync`). With
    /// sync off a device still records its commits, to send once it syncs;
    /// the kernel neither ticks it nor carries messages to or from it.
    mutating func setSyncEnabled(_ enabled: Bool, on replica: ReplicaID)
    /// Records the device changed that have not left it yet: what deleting
    /// its store now would lose for good (`lostOnReset`).
    func unsyncedChanges(of replica: ReplicaID) -> Int

    /// True when no exchange or retry the engine could run would change any
    /// device: the engine's half of the run's quiescence, read from its own
    /// state, never from time. Reachability is not consulted.
    func isSettled(nodes: [ReplicaNode]) -> Bool
    /// True when `message`, in flight to `receiver`, brings it something it
    /// lacks and would keep: only such a message can still change a device.
    func carriesNews(_ message: any EngineMessage, to receiver: ReplicaID) -> Bool
    /// The engine's figures for the result.
    func figures(nodes: [ReplicaNode]) -> EngineFigures
    /// Live records of `key` on the engine's own server endpoint, lowest id
    /// first (what an app fetching there by key would get first); empty
    /// for an engine without one.
    func serverLiveRecords(holding key: NaturalKey) -> [Record]

    /// Checks the engine's own state for one device after an event;
    /// `crashed` when it crashed or restarted since the last check.
    mutating func invariantProblem(_ replica: ReplicaID, crashed: Bool) -> InvariantChecker.Problem?
    /// Checks the engine's run-wide state (for example, a fast quiescence
    /// answer against its definition).
    func runWideInvariantProblem(nodes: [ReplicaNode]) -> InvariantChecker.Problem?
    /// Invariants evaluated so far, per device and run-wide.
    var invariantChecks: Int { get }
}

extension SyncEngine {
    /// No server endpoint: nothing reaches one.
    public mutating func receiveAtServer(_ envelope: Envelope, atMicros now: Int64) -> [EngineAction] {
        preconditionFailure("\(Self.self) has no server endpoint, yet \(envelope.to) got a message")
    }

    /// No server endpoint: no record.
    public func serverLiveRecords(holding key: NaturalKey) -> [Record] { [] }

    /// Nothing kept that a wipe would need.
    public mutating func wipesAreOver() {}
}

/// What the kernel does for an engine, in the order returned.
public enum EngineAction {
    /// Hand a message to the network.
    case send(any EngineMessage, from: ReplicaID, to: ReplicaID)
    /// Remote changes were applied to a device's store: the app processes
    /// them (a strategy with a dedupe pass schedules one).
    case appliedRemote(ReplicaID)
    /// `count` pending local changes of a device met a server version it
    /// had not seen (for the timeline; the engine counts them itself).
    case conflicted(ReplicaID, count: Int)
    /// A device's export succeeded: `cloudkit`, a modify it waited for was
    /// answered without an error; `peer`, its latest change sets reached a
    /// peer it sent them to. What NSPersistentCloudKitContainer tells the
    /// app with a succeeded `.export` event (`dedupe:deferred` waits for it).
    case exported(ReplicaID)
    /// A device's import succeeded: `cloudkit`, the last page of a fetch it
    /// waited for arrived; `peer`, a peer answered its request. A succeeded
    /// `.import` event.
    case imported(ReplicaID)
}

/// A message of some engine, as the network and the kernel see it.
public protocol EngineMessage: Sendable {
    /// Estimated bytes on the wire.
    var sizeBytes: Int { get }
    /// False when the message cannot change its receiver's state by itself
    /// (a request whose answer is computed on arrival): the kernel's cheap
    /// filter before it asks ``SyncEngine/carriesNews(_:to:)``.
    var carriesChanges: Bool { get }
}

/// A message with its addresses.
public struct Envelope: Sendable {
    /// The sender's address.
    public let from: ReplicaID
    /// The receiver's address.
    public let to: ReplicaID
    /// The engine's message.
    public let message: any EngineMessage

    /// A message from `from` to `to`.
    public init(from: ReplicaID, to: ReplicaID, message: any EngineMessage) {
        self.from = from
        self.to = to
        self.message = message
    }
}

/// What an engine reports about a run.
public struct EngineFigures: Hashable, Sendable {
    /// Units of replication that exist somewhere at the end (change sets,
    /// for `peer`).
    public var changeSets: Int
    /// Received changes held back behind a refused one (`peer`), or local
    /// changes not yet saved to the server (`cloudkit`).
    public var blocked: Int
    /// Pending local changes that met a server version the device had not
    /// seen (engines with a server; 0 otherwise).
    public var conflicts: Int
    /// Duplicates the engine's server holds at the end (0 without one).
    public var serverDuplicates: Int

    /// Figures with no conflict and no server duplicate unless given.
    public init(changeSets: Int, blocked: Int, conflicts: Int = 0, serverDuplicates: Int = 0) {
        self.changeSets = changeSets
        self.blocked = blocked
        self.conflicts = conflicts
        self.serverDuplicates = serverDuplicates
    }
}
