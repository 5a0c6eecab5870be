import SyncModel

/// When a run may end: nothing scheduled or possible can change any
/// device's state.
extension Simulation {
    /// Nothing scheduled or possible can change any device's state. Sync
    /// ticks stay scheduled for ever, so they do not count: a tick only
    /// changes something if the engine has an exchange or a retry to run.
    /// Nor do messages in flight that bring their receiver nothing new: a
    /// request (its reply is computed on arrival, and between settled
    /// devices offers nothing the requester lacks; with messages slower
    /// than a round some request is always in flight), a copy of what the
    /// receiver already holds, or a message that will be lost (an end
    /// crashed since it was sent, or a partition stands between).
    var isQuiescent: Bool {
        guard agenda.scheduled(.workload) == 0, agenda.scheduled(.fault) == 0, agenda.scheduled(.writerStep) == 0,
              devices.appWorkDue == 0, engine.isSettled(nodes: nodes), !marksAwaitSync else { return false }
        guard agenda.scheduled(.messageWithChanges) > 0 else { return true }
        return !agenda.scheduledEvents.contains { event in
            guard case .deliver(let envelope, let senderGeneration, let receiverGeneration) = event else { return false }
            return endsUp(envelope, senderGeneration: senderGeneration, receiverGeneration: receiverGeneration)
                && network.connected(envelope.from, envelope.to)
                && engine.carriesNews(envelope.message, to: envelope.to)
        }
    }

    /// Some running, syncing device holds marked losers that its next
    /// successful export and import will make due (`dedupe:deferred`), and
    /// those events can still come: an import at its next sync round; an
    /// export only with something to export (the mark, or any change not yet
    /// saved elsewhere). A device whose export is older than the mark with
    /// nothing left to send waits for a local change that may never come:
    /// as in the sample, its marked losers stay (hidden) until then.
    var marksAwaitSync: Bool {
        nodes.indices.contains { index in
            let context = nodes[index].context
            let device = devices[ReplicaID(index)]
            guard let since = context.marksAwaitingSyncSinceMicros, !device.isDown, !device.syncOff else { return false }
            return (context.lastExportMicros ?? .min) > since || engine.unsyncedChanges(of: ReplicaID(index)) > 0
        }
    }
}
