import SyncModel
import SyncStore

/// Changes on their way: a device's commits handed to the engine, its sync
/// timer, messages sent and delivered, and what the engine asks in return.
extension Simulation {
    /// A device's app committed changes locally: the engine takes them.
    mutating func committed(_ changes: [Record], on replica: ReplicaID, as kind: Timeline.Kind = .save) {
        observer.timeline.record(kind, lane: replica, count: changes.count, atMicros: nowMicros)
        // With `syncOffSaves: "neverUploaded"` the engine never learns of a
        // save made with sync off; a later change to the record is sent.
        if devices[replica].syncOff && scenario.syncOffSaves == .neverUploaded {
            devices[replica].neverUploaded.formUnion(changes.map(\.id))
            return
        }
        carryOut(engine.committed(changes, on: &nodes[replica.index], atMicros: nowMicros))
    }

    mutating func syncTick(_ replica: ReplicaID) {
        let settings = scenario.sync
        let jitter = devices[replica].syncRandom.next(in: -settings.jitterMicros ... settings.jitterMicros)
        agenda.schedule(.syncTick(replica), atMicros: nowMicros + settings.intervalMicros + jitter)
        guard !devices[replica].isDown, !devices[replica].syncOff else { return }
        carryOut(engine.syncTick(&nodes[replica.index], random: &devices[replica].syncRandom, atMicros: nowMicros))
        observe(replica)
    }

    /// Whether a message sent when its ends were in these generations still
    /// reaches a running receiver: a crash of either end since it was sent
    /// loses it.
    func endsUp(_ envelope: Envelope, senderGeneration: Int, receiverGeneration: Int) -> Bool {
        senderGeneration == devices.generation(of: envelope.from) && receiverGeneration == devices.generation(of: envelope.to)
            && !devices.isDown(envelope.to)
    }

    mutating func deliver(_ envelope: Envelope, senderGeneration: Int, receiverGeneration: Int) {
        let receiver = envelope.to
        // Lost with a crash of either end since it was sent, or to a partition.
        let endsUp = endsUp(envelope, senderGeneration: senderGeneration, receiverGeneration: receiverGeneration)
        if !endsUp { network.lose() }
        let arrived = endsUp && network.arrive(from: envelope.from, to: receiver)
        if envelope.message.carriesChanges {
            observer.timeline.record(arrived ? .receive : .lost, lane: receiver, peer: envelope.from, atMicros: nowMicros)
        }
        guard arrived else { return }
        guard receiver.index < nodes.count else {
            carryOut(engine.receiveAtServer(envelope, atMicros: nowMicros))
            return
        }
        carryOut(engine.receive(envelope, at: &nodes[receiver.index], atMicros: nowMicros))
        observe(receiver)
    }

    /// Does what the engine asked, in order.
    mutating func carryOut(_ actions: [EngineAction]) {
        for action in actions {
            switch action {
            case .send(let message, let from, let to):
                send(message, from: from, to: to)
            case .conflicted(let replica, let count):
                observer.timeline.record(.conflict, lane: replica, count: count, atMicros: nowMicros)
            case .appliedRemote(let replica):
                appliedRemote(on: replica)
            case .exported(let replica):
                syncSucceeded(on: replica, exported: true)
            case .imported(let replica):
                syncSucceeded(on: replica, exported: false)
            }
        }
    }

    private mutating func send(_ message: any EngineMessage, from: ReplicaID, to: ReplicaID) {
        // An app with sync off has no sync engine running: nothing leaves
        // it and nothing is sent to it (a peer is simply not there).
        guard !devices.isSyncOff(from), !devices.isSyncOff(to) else { return }
        if message.carriesChanges { observer.timeline.record(.send, lane: from, peer: to, atMicros: nowMicros) }
        let deliveries = network.send(from: from, to: to, sizeBytes: message.sizeBytes, atMicros: nowMicros)
        for time in deliveries {
            let event = Event.deliver(Envelope(from: from, to: to, message: message),
                                      senderGeneration: devices.generation(of: from), receiverGeneration: devices.generation(of: to))
            agenda.schedule(event, atMicros: time)
        }
    }
}
