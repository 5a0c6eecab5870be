import SyncModel

/// The `cloudkit` engine: devices sync through one CloudKit record zone
/// (``CloudKitServer``), an endpoint of its own (the implicit replica
/// `server`, after the last device) that is no device: no store, no app,
/// no clock of its own (it dates saves by true time), never down.
///
/// Each sync round a running device sends a zone changes fetch with its
/// token and, if it has pending saves, one modify batch (``CloudKitDevice``).
/// The server answers each request on arrival; the device applies fetched
/// records, resolves conflicts by the scenario's policy
/// (``CloudKitConflict``) and remembers change tags and the token. What it
/// models and where each behaviour comes from is in docs/MODEL.md, "The
/// cloudkit engine", citing docs/sources/cloudkit-engines.md.
public struct CloudKitEngine: SyncEngine {
    /// The scenario's `cloudkit` settings.
    public let settings: CloudKitEngineSettings
    /// The server's network address: the endpoint after the last device.
    public let serverAddress: ReplicaID
    /// The record zone every device syncs through.
    public private(set) var server: CloudKitServer
    /// Each device's sync state, in device order.
    public private(set) var devices: [CloudKitDevice]
    /// Per device, whether its app syncs (`syncOff` until `enableSync`).
    private var syncEnabled: [Bool]
    let schema: Schema
    /// How long a device waits for an answer before it asks again.
    let requestTimeoutMicros: Int64
    /// Per device, the last fetch and modify request the server answered:
    /// a copy of one (the network duplicated it) is dropped.
    private var answeredFetch: [UInt64]
    private var answeredModify: [UInt64]
    /// Pending changes that met a server version they had not seen, over
    /// the run (a wipe does not take them back).
    public private(set) var conflicts = 0
    /// Record saves the server performed, over the run (whether or not
    /// their answers reached the devices).
    public private(set) var savedRecords = 0
    private let checksInvariants: Bool
    private var checks = 0

    /// An engine for `deviceCount` devices, the server at the address after the last; `requestTimeoutMicros` must be
    /// positive.
    public init(deviceCount: Int, schema: Schema, settings: CloudKitEngineSettings, requestTimeoutMicros: Int64,
                checksInvariants: Bool, deleteVsEdit: DeleteVsEdit = .arrivalOrder) {
        precondition(deviceCount >= 1 && requestTimeoutMicros > 0, "a cloudkit engine needs a device and a timeout")
        self.settings = settings
        self.schema = schema
        self.requestTimeoutMicros = requestTimeoutMicros
        self.checksInvariants = checksInvariants
        var serverSettings = CloudKitServerSettings(newRecordConflict: settings.newRecordConflict)
        serverSettings.newRecordOverwrites = settings.conflict.plainRule == .K16
        server = CloudKitServer(settings: serverSettings)
        serverAddress = ReplicaID(deviceCount)
        devices = (0 ..< deviceCount).map { CloudKitDevice(id: ReplicaID($0), deleteVsEdit: deleteVsEdit, reuploadOrder: settings.reuploadOrder) }
        syncEnabled = Array(repeating: true, count: deviceCount)
        answeredFetch = Array(repeating: 0, count: deviceCount)
        answeredModify = Array(repeating: 0, count: deviceCount)
    }

    /// Records the changes as pending saves; the store changed, so records it refused are tried again.
    public mutating func committed(_ changes: [Record], on device: inout ReplicaNode, atMicros now: Int64) -> [EngineAction] {
        let replica = device.id
        devices[replica.index].committed(changes)
        // The store changed: refused server records get another chance.
        return take(devices[replica.index].retryRefused(node: &device, atMicros: now), on: replica)
    }

    /// Sends a zone changes fetch and, with pending saves, a modify batch, in the order
    /// ``CloudKitEngineSettings/syncOrder`` says.
    public mutating func syncTick(_ node: inout ReplicaNode, random: inout Xoshiro256StarStar, atMicros now: Int64) -> [EngineAction] {
        let replica = node.id
        let index = replica.index
        devices[index].expireRequests(atMicros: now, timeoutMicros: requestTimeoutMicros)
        var actions = take(devices[index].retryRefused(node: &node, atMicros: now), on: replica)
        let node = node
        // With an order, the second request waits until the first is
        // answered (its answer sends it, in `receive`).
        func sendFetch(_ device: inout CloudKitDevice) {
            if let fetch = device.nextFetch(atMicros: now) { actions.append(.send(fetch, from: replica, to: serverAddress)) }
        }
        func sendModify(_ device: inout CloudKitDevice) {
            if let modify = device.nextModify(node: node, settings: settings, atMicros: now) {
                actions.append(.send(modify, from: replica, to: serverAddress))
            }
        }
        switch settings.syncOrder {
        case nil:
            sendFetch(&devices[index])
            sendModify(&devices[index])
        case .importFirst:
            sendFetch(&devices[index])
            if devices[index].fetchInFlight == nil { sendModify(&devices[index]) }
        case .exportFirst:
            sendModify(&devices[index])
            if devices[index].modifyInFlight == nil { sendFetch(&devices[index]) }
        }
        return actions
    }

    /// The server answers a request on arrival.
    public mutating func receiveAtServer(_ envelope: Envelope, atMicros now: Int64) -> [EngineAction] {
        guard let message = envelope.message as? CloudKitMessage else { preconditionFailure("the cloudkit engine got \(envelope.message)") }
        return serve(message, from: envelope.from, atMicros: now)
    }

    /// A device applies fetched changes or a modify's results, resolving conflicts.
    public mutating func receive(_ envelope: Envelope, at node: inout ReplicaNode, atMicros now: Int64) -> [EngineAction] {
        guard let message = envelope.message as? CloudKitMessage else { preconditionFailure("the cloudkit engine got \(envelope.message)") }
        let index = envelope.to.index
        switch message {
        case .changes(let request, let changes):
            let taken = devices[index].waitsForFetch(request)
            var effects = devices[index].receiveChanges(changes, request: request, node: &node, conflict: settings.conflict, atMicros: now)
            // Before any save is built from the copies: they take the links the server holds.
            if taken && settings.manyToManyLinks == .linkRecords {
                effects = effects + devices[index].joinServerLinks(of: changes.changed.map(\.name), node: &node, atMicros: now)
            }
            var actions = take(effects, on: envelope.to)
            // One page of a longer fetch: the device asks for the next at once.
            if taken && changes.moreComing, let fetch = devices[index].nextFetch(atMicros: now) {
                actions.append(.send(fetch, from: envelope.to, to: serverAddress))
            } else if taken && settings.syncOrder == .importFirst,
                      let modify = devices[index].nextModify(node: node, settings: settings, atMicros: now) {
                actions.append(.send(modify, from: envelope.to, to: serverAddress))
            }
            // The fetch's last page: the import succeeded.
            if taken && !changes.moreComing { actions.append(.imported(envelope.to)) }
            return actions
        case .modifyResult(let request, let result):
            let taken = devices[index].waitsForModify(request)
            // Under link records, the names this answer saves join the server's links after it.
            let saved = taken && settings.manyToManyLinks == .linkRecords ? devices[index].modifyInFlight?.saves.map(\.name) ?? [] : []
            var effects = devices[index].receiveModifyResult(result, request: request, node: &node, conflict: settings.conflict, atMicros: now)
            if !saved.isEmpty {
                effects = effects + devices[index].joinServerLinks(of: saved, node: &node, atMicros: now)
            }
            var actions = take(effects, on: envelope.to)
            if taken && settings.syncOrder == .exportFirst, let fetch = devices[index].nextFetch(atMicros: now) {
                actions.append(.send(fetch, from: envelope.to, to: serverAddress))
            }
            // Every item saved: the export succeeded (a partial failure,
            // such as a conflict, fails the operation).
            return actions + (taken && !result.isPartialFailure ? [.exported(envelope.to)] : [])
        case .fetch, .modify:
            preconditionFailure("device \(envelope.to) got a request")
        }
    }

    /// Drops the device's requests in flight; returns 0, as fetched changes are applied on arrival and nothing is held
    /// unapplied.
    public mutating func crashed(_ replica: ReplicaID) -> Int {
        devices[replica.index].crash()
        // Fetched changes are applied as they arrive: nothing is held unapplied.
        return 0
    }

    /// The device starts again with no pending save, no known record and no token.
    public mutating func wiped(_ replica: ReplicaID, newOrigin: ReplicaID) {
        devices[replica.index].wipe()
    }

    /// A device with sync off keeps its saves pending, so turning sync on
    /// uploads everything it saved meanwhile: what Apple's CKSyncEngine
    /// sample does when an account signs in (docs/sources/workflows.md,
    /// item 1). It owes nothing until then.
    public mutating func setSyncEnabled(_ enabled: Bool, on replica: ReplicaID) {
        syncEnabled[replica.index] = enabled
    }

    /// Records the device has changed and the server has not saved.
    public func unsyncedChanges(of replica: ReplicaID) -> Int {
        devices[replica.index].pendingCount
    }

    /// True when every device whose sync is on has nothing to save, nothing left to fetch, and no refused record its
    /// store might now take.
    public func isSettled(nodes: [ReplicaNode]) -> Bool {
        devices.indices.filter { syncEnabled[$0] }.allSatisfy { devices[$0].isSettled(serverCounter: server.changeCounter, storeCommit: nodes[$0].store.commitCount) }
    }

    /// News: a modify request the server has not answered (it may change
    /// the zone), the answer to the modify request its device waits on, or
    /// the answer to its fetch with a record version or deletion the device
    /// has not met. A fetch changes nothing by itself.
    public func carriesNews(_ message: any EngineMessage, to receiver: ReplicaID) -> Bool {
        guard let message = message as? CloudKitMessage else { return false }
        switch message {
        case .fetch: return false
        case .modify(let device, let request, _, _, _, _): return request > answeredModify[device.index]
        case .modifyResult(let request, _): return devices[receiver.index].waitsForModify(request)
        case .changes(let request, let changes): return devices[receiver.index].wouldTake(changes, request: request)
        }
    }

    /// `changeSets`: records the server saved from devices; `blocked`:
    /// records still waiting to be saved; `conflicts`; the zone's duplicates.
    public func figures(nodes: [ReplicaNode]) -> EngineFigures {
        EngineFigures(changeSets: savedRecords, blocked: devices.reduce(0) { $0 + $1.pendingCount },
                      conflicts: conflicts, serverDuplicates: server.duplicateCount(schema: schema))
    }

    /// The zone's live records of `key`, by record name (a record's id).
    public func serverLiveRecords(holding key: NaturalKey) -> [Record] {
        server.liveRecords.map(\.payload).filter { record in
            record.entity == key.uniqueKey.entity && NaturalKey(record: record, uniqueKey: key.uniqueKey, schema: schema) == key
        }
    }

    /// A device's token and known tags are never ahead of the zone, and
    /// the requests it waits on have numbers it has handed out.
    public mutating func invariantProblem(_ replica: ReplicaID, crashed: Bool) -> InvariantChecker.Problem? {
        guard checksInvariants else { return nil }
        checks += 1
        let device = devices[replica.index]
        if let token = device.token, token.counter > server.changeCounter {
            return ("cloudkit.token", "\(token) is ahead of the zone (\(server.changeCounter))")
        }
        if let name = device.known.keys.sorted().first(where: { device.known[$0]!.changeTag.rawValue > server.changeCounter }) {
            return ("cloudkit.knownTag", "record \(name) known at \(device.known[name]!.changeTag), ahead of the zone (\(server.changeCounter))")
        }
        if crashed && (device.fetchInFlight != nil || device.modifyInFlight != nil) {
            return ("cloudkit.crash", "requests still in flight after a crash")
        }
        if let fetch = device.fetchInFlight, fetch.request >= device.nextFetchRequest {
            return ("cloudkit.request", "waits on fetch \(fetch.request), never sent")
        }
        if let modify = device.modifyInFlight, modify.request >= device.nextModifyRequest {
            return ("cloudkit.request", "waits on modify \(modify.request), never sent")
        }
        return nil
    }

    /// The fast quiescence answer must agree with its definition: no
    /// device has a change to save, a fetch from its token would bring
    /// nothing, and no refused record could now be taken.
    public func runWideInvariantProblem(nodes: [ReplicaNode]) -> InvariantChecker.Problem? {
        guard checksInvariants else { return nil }
        let settled = isSettled(nodes: nodes)
        let reference = devices.indices.filter { syncEnabled[$0] }.allSatisfy { index in
            let device = devices[index]
            return device.pending.isEmpty && server.fetchChanges(since: device.token).isEmpty
                && (device.refused.isEmpty || device.refusedAtCommit == nodes[index].store.commitCount)
        }
        guard settled != reference else { return nil }
        return ("quiescence.settled", "the engine says settled: \(settled); checking every device's fetch says \(reference)")
    }

    /// Invariants evaluated so far.
    public var invariantChecks: Int { checks }

    /// Counts what a device did and asks for the app's processing of
    /// remote changes (a dedupe pass) when it applied some.
    private mutating func take(_ effects: CloudKitDevice.Effects, on replica: ReplicaID) -> [EngineAction] {
        conflicts += effects.conflicts
        return (effects.conflicts > 0 ? [.conflicted(replica, count: effects.conflicts)] : [])
            + (effects.applied ? [.appliedRemote(replica)] : [])
    }

    /// The server answers a request on arrival, each request once.
    private mutating func serve(_ message: CloudKitMessage, from sender: ReplicaID, atMicros now: Int64) -> [EngineAction] {
        switch message {
        case .fetch(let device, let request, let token):
            precondition(device == sender, "a fetch from \(sender) names \(device)")
            guard request > answeredFetch[device.index] else { return [] }
            answeredFetch[device.index] = request
            let changes = server.fetchChanges(since: token, limit: settings.fetchPage)
            return [.send(CloudKitMessage.changes(request: request, changes), from: serverAddress, to: device)]
        case .modify(let device, let request, let saves, let deletes, let policy, let atomic):
            precondition(device == sender, "a modify from \(sender) names \(device)")
            guard request > answeredModify[device.index] else { return [] }
            answeredModify[device.index] = request
            let result = server.modify(saves: saves, deletes: deletes, policy: policy, atomic: atomic, atMicros: now)
            savedRecords += result.savedRecords.count
            return [.send(CloudKitMessage.modifyResult(request: request, result), from: serverAddress, to: device)]
        case .changes, .modifyResult:
            preconditionFailure("the server got an answer")
        }
    }
}
