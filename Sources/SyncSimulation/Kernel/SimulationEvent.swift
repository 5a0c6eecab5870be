import SyncModel

extension Simulation {
    /// What the kernel's queue holds: each event is handed to the component
    /// that owns it.
    enum Event {
        case step(Int)
        case syncTick(ReplicaID)
        /// A message, with both ends' generations when it was sent: a crash
        /// or restart of either end since then loses it.
        case deliver(Envelope, senderGeneration: Int, receiverGeneration: Int)
        case dedupePass(ReplicaID, generation: Int)
        /// A device's app looks again at losers it marked
        /// (`dedupe:deferred`): a dedupe pass runs.
        case passWakeUp(ReplicaID, generation: Int)
        case nemesisTick(NemesisSettings)
        case nemesisRestart(ReplicaID)
        case writerStep(Int)
        /// The next batch of an import in batches (step `step`), begun in
        /// the device's generation `generation`.
        case importBatch(step: Int, cursor: ImportPlan.Cursor, generation: Int)
        /// Window `window` of a random step drawn while the run goes opens.
        case randomWindow(step: Int, window: Int)
        /// One operation such a window drew.
        case drawnIntent(ReplicaID, Intent)

        /// The kinds the ``Agenda`` counts, for quiescence.
        enum Kind: Int, CaseIterable {
            /// A workload step, or a part of one (an import batch, a random
            /// window or an operation it drew).
            case workload
            case fault
            case writerStep
            case syncTick
            /// A message that brings no changes (a request).
            case message
            /// A message that may change its receiver (``EngineMessage/carriesChanges``).
            case messageWithChanges
            /// A dedupe pass or a wake-up for one; void after a crash, so
            /// the device, not the queue, says whether one is due.
            case appWork
        }

        var kind: Kind {
            switch self {
            case .step, .importBatch, .randomWindow, .drawnIntent: .workload
            case .nemesisTick, .nemesisRestart: .fault
            case .writerStep: .writerStep
            case .syncTick: .syncTick
            case .deliver(let envelope, _, _): envelope.message.carriesChanges ? .messageWithChanges : .message
            case .dedupePass, .passWakeUp: .appWork
            }
        }
    }
}
