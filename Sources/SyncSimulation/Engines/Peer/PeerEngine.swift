import SyncModel

/// The `peer` engine: an op-log with anti-entropy. Each local commit
/// becomes a change set `(origin, seq)`; on its sync timer a device sends a
/// peer its version vector, the peer replies with the change sets the
/// device lacks and its own vector, and the device pushes back what the
/// peer lacks. Change sets are applied in causal order, at most once each
/// (``PeerLog``).
///
/// In a mesh each device contacts `fanout` random peers per round. In a hub
/// topology devices contact only the hub, which never initiates and
/// forwards only what its store applied: the hub is your own server running
/// the same store code, so a unique index there is a real database
/// constraint.
public struct PeerEngine: SyncEngine {
    /// The hub device of a hub topology; nil in a mesh.
    public let hub: ReplicaID?
    /// Peers a mesh device contacts per round.
    public let fanout: Int
    /// Each device's op-log, in device order.
    public private(set) var logs: [PeerLog]
    /// Per device, whether its app syncs (`syncOff` until `enableSync`).
    private var syncEnabled: [Bool]
    private var invariants: PeerInvariants?
    /// Whether logs may forget what every device applied: only once no
    /// wipe can come, as a wiped device asks for everything again.
    private var forgets = false
    /// Sync rounds' worth of ticks since the logs last forgot.
    private var ticksSinceForgetting = 0

    /// `journalsApplies` keeps what the invariant checks need.
    public init(replicaCount: Int, hub: ReplicaID?, fanout: Int, journalsApplies: Bool) {
        self.hub = hub
        self.fanout = fanout
        logs = (0 ..< replicaCount).map { PeerLog(id: ReplicaID($0), replicaCount: replicaCount, journalsApplies: journalsApplies) }
        syncEnabled = Array(repeating: true, count: replicaCount)
        invariants = journalsApplies ? PeerInvariants(logs: logs) : nil
    }

    /// Appends the changes to the device's log as a change set; the store changed, so held change sets are tried again.
    public mutating func committed(_ changes: [Record], on device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction] {
        _ = logs[device.id.index].appendLocal(changes, atMicros: now)
        // The store changed: refused change sets get another chance.
        guard logs[device.id.index].pendingCount > 0 else { return [] }
        return applyHeld(on: &device, atMicros: now)
    }

    /// Retries held change sets, then sends the device's version vector to the hub (a hub's client), to no one (the hub),
    /// or to `fanout` random peers (a mesh).
    public mutating func syncTick(_ device: inout ReplicaNode, random: inout Xoshiro256StarStar, atMicros now: Int64) -> [EngineAction] {
        let replica = device.id
        forgetAppliedEverywhereEachRound()
        var actions: [EngineAction] = []
        // Refused change sets are retried at every round (the log skips the
        // retry when the store has not changed, as the answer would not).
        if logs[replica.index].pendingCount > 0 {
            actions += applyHeld(on: &device, atMicros: now)
        }
        for peer in peers(of: replica, random: &random) {
            actions.append(.send(PeerMessage.request(held: logs[replica.index].held), from: replica, to: peer))
        }
        return actions
    }

    /// Answers a request with what the sender lacks; applies a reply's or a push's change sets, and pushes back what
    /// the replier lacks.
    public mutating func receive(_ envelope: Envelope, at device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction] {
        guard let message = envelope.message as? PeerMessage else { preconditionFailure("the peer engine got \(envelope.message)") }
        let receiver = envelope.to
        let forwardsAppliedOnly = receiver == hub
        switch message {
        case .request(let peerHeld):
            let missing = logs[receiver.index].changeSets(missingFrom: peerHeld, appliedOnly: forwardsAppliedOnly)
            return [.send(PeerMessage.reply(changeSets: missing, held: logs[receiver.index].held), from: receiver, to: envelope.from)]
        case .reply(let changeSets, let peerHeld):
            var actions = ingest(changeSets, from: envelope.from, on: &device, atMicros: now)
            // The device's request was answered: an import.
            actions.append(.imported(receiver))
            let missing = logs[receiver.index].changeSets(missingFrom: peerHeld, appliedOnly: forwardsAppliedOnly)
            if !missing.isEmpty { actions.append(.send(PeerMessage.push(changeSets: missing), from: receiver, to: envelope.from)) }
            return actions
        case .push(let changeSets):
            return ingest(changeSets, from: envelope.from, on: &device, atMicros: now)
        }
    }

    /// Drops the change sets the device held unapplied; returns how many.
    public mutating func crashed(_ replica: ReplicaID) -> Int {
        logs[replica.index].crash()
    }

    /// Empties the device's log; its writes now form the change sets of `newOrigin`.
    public mutating func wiped(_ replica: ReplicaID, newOrigin: ReplicaID) {
        precondition(!forgets, "\(replica) was wiped after the kernel said no wipe was left; its peers forgot what it now needs")
        _ = logs[replica.index].wipe(newOrigin: newOrigin)
    }

    /// From now on, logs forget what every device applied.
    public mutating func wipesAreOver() {
        forgets = true
    }

    /// Once per round of ticks (as many ticks as devices), every log
    /// forgets the change sets every device has applied. The floor is
    /// run-wide, which a real device learns from its peers' vectors in
    /// anti-entropy; here it is read directly. It needs two devices: with
    /// one, nothing holds its change sets but itself.
    private mutating func forgetAppliedEverywhereEachRound() {
        guard forgets, logs.count > 1 else { return }
        ticksSinceForgetting += 1
        guard ticksSinceForgetting >= logs.count else { return }
        ticksSinceForgetting = 0
        let floor = Self.appliedEverywhere(logs)
        for index in logs.indices { _ = logs[index].forget(appliedEverywhere: floor) }
    }

    /// Per origin, the change sets every device has applied.
    static func appliedEverywhere(_ logs: [PeerLog]) -> VersionVector {
        guard var floor = logs.first?.applied else { return VersionVector(replicaCount: 0) }
        for log in logs.dropFirst() {
            for index in 0 ..< floor.originCount { floor[ReplicaID(index)] = min(floor[ReplicaID(index)], log.applied[ReplicaID(index)]) }
        }
        return floor
    }

    /// A device with sync off keeps its commits in its log, as change sets
    /// it will offer once it syncs: what it saved meanwhile is uploaded then.
    public mutating func setSyncEnabled(_ enabled: Bool, on replica: ReplicaID) {
        syncEnabled[replica.index] = enabled
    }

    /// Records in the device's own change sets that no other device holds.
    public func unsyncedChanges(of replica: ReplicaID) -> Int {
        let origin = logs[replica.index].origin
        let heldElsewhere = logs.indices.filter { $0 != replica.index }.map { logs[$0].held[origin] }.max() ?? 0
        return logs[replica.index].ownChanges(after: heldElsewhere)
    }

    /// True when no device has a change set it could apply and no two devices that sync could give each other one.
    public func isSettled(nodes: [ReplicaNode]) -> Bool {
        PeerQuiescence.isSettled(logs, nodes: nodes, hub: hub, syncing: syncEnabled)
    }

    /// True when a peer message brings the receiver's log a change set it lacks.
    public func carriesNews(_ message: any EngineMessage, to receiver: ReplicaID) -> Bool {
        guard let message = message as? PeerMessage else { return false }
        return PeerQuiescence.carriesNews(message, to: logs[receiver.index])
    }

    /// Change sets that exist somewhere: per origin, the longest log any
    /// device holds (logs are contiguous from seq 1). Those a wipe
    /// destroyed before another device held them are gone. Blocked: held
    /// change sets waiting behind a refused one.
    public func figures(nodes: [ReplicaNode]) -> EngineFigures {
        let origins = logs.map(\.held.originCount).max() ?? 0
        let changeSets = (0 ..< origins).reduce(0) { total, origin in
            total + Int(logs.map { $0.held[ReplicaID(origin)] }.max() ?? 0)
        }
        return EngineFigures(changeSets: changeSets, blocked: logs.reduce(0) { $0 + $1.pendingCount - $1.refusedHeadCount })
    }

    /// Checks one device's log; nil without invariant checks.
    public mutating func invariantProblem(_ replica: ReplicaID, crashed: Bool) -> InvariantChecker.Problem? {
        guard var checker = invariants else { return nil }
        defer { invariants = checker }
        return checker.check(&logs[replica.index], crashed: crashed)
    }

    /// The fast quiescence answer must agree with the pairwise definition.
    public func runWideInvariantProblem(nodes: [ReplicaNode]) -> InvariantChecker.Problem? {
        if let problem = Self.forgottenProblem(logs) { return problem }
        let settled = PeerQuiescence.isSettled(logs, nodes: nodes, hub: hub, syncing: syncEnabled)
        let reference = !PeerQuiescence.hasApplicableWork(logs, nodes: nodes) && PeerQuiescence.pairsSettled(logs, hub: hub, syncing: syncEnabled)
        guard settled != reference else { return nil }
        return ("quiescence.settled", "the engine says settled: \(settled); checking every pair says \(reference)")
    }

    /// Nothing a device could still ask for was forgotten: every log's
    /// forgotten change sets are ones every device has applied, and so
    /// holds (a device asks only for change sets above those it holds).
    static func forgottenProblem(_ logs: [PeerLog]) -> InvariantChecker.Problem? {
        let floor = appliedEverywhere(logs)
        for log in logs {
            for index in 0 ..< log.held.originCount where log.forgottenCount(of: ReplicaID(index)) > floor[ReplicaID(index)] {
                return ("replica.forgotNeeded", "\(log.id) forgot \(ReplicaID(index)) up to #\(log.forgottenCount(of: ReplicaID(index))), "
                    + "but some device has applied only \(floor[ReplicaID(index)])")
            }
        }
        return nil
    }

    /// Invariants evaluated so far; 0 without invariant checks.
    public var invariantChecks: Int { invariants?.checks ?? 0 }

    /// Whom a device contacts this round: the hub, for a hub's client; no
    /// one, for the hub itself; otherwise `fanout` distinct random peers.
    private func peers(of replica: ReplicaID, random: inout Xoshiro256StarStar) -> [ReplicaID] {
        if let hub {
            return replica == hub ? [] : [hub]
        }
        let count = logs.count
        var peers: [ReplicaID] = []
        while peers.count < min(fanout, count - 1) {
            let peer = ReplicaID(random.index(below: count))
            if peer != replica && !peers.contains(peer) { peers.append(peer) }
        }
        return peers
    }

    /// Takes change sets `sender` sent. When they bring the receiver the
    /// sender's own latest change set, which it lacked, the sender's export
    /// succeeded (the peer engine has no acknowledgement of its own: the
    /// delivery stands for it, and a sender with nothing new exports nothing).
    private mutating func ingest(_ changeSets: [ChangeSet], from sender: ReplicaID, on device: inout ReplicaNode,
                                 atMicros now: Int64) -> [EngineAction] {
        let replica = device.id
        let senderOrigin = logs[sender.index].origin
        let senderLatest = logs[sender.index].held[senderOrigin]
        let lacked = logs[replica.index].held[senderOrigin] < senderLatest
        guard logs[replica.index].receive(changeSets) > 0 else { return [] }
        // Every peer endpoint is a device.
        let exported = lacked && logs[replica.index].held[senderOrigin] >= senderLatest
        return (exported ? [.exported(sender)] : []) + applyHeld(on: &device, atMicros: now)
    }

    private mutating func applyHeld(on device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction] {
        let applied = logs[device.id.index].applyHeld(to: &device, atMicros: now)
        return applied > 0 ? [.appliedRemote(device.id)] : []
    }
}
