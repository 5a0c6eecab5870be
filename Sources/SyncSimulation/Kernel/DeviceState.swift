import SyncModel

/// One device's life in a run, as the kernel sees it: whether its app is
/// running, which generation of it is, whether sync is on, where its store
/// is, and its app's own code: the rules it runs and the work it has asked
/// for (`DeviceState+App`). Its store and the strategy's code are its
/// ``ReplicaNode``.
struct DeviceState {
    /// Whether the device's app runs.
    enum Lifecycle: Equatable {
        case running
        /// Crashed, wiped or upgrading: nothing is saved, no message
        /// arrives, and a restart brings it back.
        case down
        /// Down, and its store failed to migrate in an upgrade, so the app
        /// cannot start until a later upgrade succeeds (`storeOpenFailures`).
        case storeFailed
    }

    var lifecycle = Lifecycle.running
    /// Counts every stop and start: an event scheduled in an older
    /// generation (a message to or from it, a pass, an import batch) is void.
    var generation = 0
    /// Its app has sync off (`syncOff` until `enableSync`): it is not
    /// ticked, and no message goes to or from it.
    var syncOff: Bool
    /// The name of its current store (its file, for `sqlite:DIR`).
    var storeLabel: String
    /// A dedupe pass is scheduled in this generation.
    var passScheduled = false
    /// A wake-up for marked losers is scheduled in this generation.
    var wakeUpScheduled = false
    /// The records it saved with sync off under `syncOffSaves:
    /// "neverUploaded"`: the engine never learned of those saves, so the
    /// records are outside the liveness promise (``LivenessScope``). A
    /// later change sends only what it changed, never the record as it was
    /// saved, so a record stays here until its store is wiped. Only looked
    /// up and counted, never iterated unsorted.
    var neverUploaded: Set<RecordID> = []
    /// The random stream of its sync timer's jitter.
    var syncRandom: Xoshiro256StarStar
    /// The rules of its app's own code (``AppRules``).
    let app: AppRules

    var isDown: Bool { lifecycle != .running }

    /// The app stops running: what it held only in memory is lost, and so
    /// is the app work it had scheduled.
    mutating func stop() {
        lifecycle = .down
        generation += 1
        passScheduled = false
        wakeUpScheduled = false
    }

    /// The app runs again, in a new generation.
    mutating func start() {
        lifecycle = .running
        generation += 1
    }
}

/// Every device's ``DeviceState``, addressed by endpoint: an engine's
/// server is an endpoint but no device, and it never goes down, never has
/// sync off and stays in generation 0.
struct Devices {
    private var states: [DeviceState]
    /// The next origin a wiped device takes: new origins never reuse an
    /// endpoint's number.
    private var nextOrigin: Int

    init(_ states: [DeviceState], endpointCount: Int) {
        self.states = states
        nextOrigin = endpointCount
    }

    var count: Int { states.count }

    subscript(_ device: ReplicaID) -> DeviceState {
        _read { yield states[device.index] }
        _modify { yield &states[device.index] }
    }

    func isDown(_ endpoint: ReplicaID) -> Bool {
        endpoint.index < states.count && states[endpoint.index].isDown
    }

    func isSyncOff(_ endpoint: ReplicaID) -> Bool {
        endpoint.index < states.count && states[endpoint.index].syncOff
    }

    func generation(of endpoint: ReplicaID) -> Int {
        endpoint.index < states.count ? states[endpoint.index].generation : 0
    }

    /// Some device is down (crashed, upgrading or with a failed store).
    var anyDown: Bool { states.contains { $0.isDown } }

    /// Devices whose store failed to migrate and stays closed.
    var storeFailures: Int { states.count { $0.lifecycle == .storeFailed } }

    /// Dedupe passes and wake-ups scheduled and still due: those queued
    /// before a crash are void, so the devices, not the queue, count them.
    var appWorkDue: Int {
        states.reduce(0) { $0 + ($1.passScheduled ? 1 : 0) + ($1.wakeUpScheduled ? 1 : 0) }
    }

    /// The devices, in order.
    var indices: Range<Int> { states.indices }

    /// A new origin for a wiped device.
    mutating func takeNewOrigin() -> ReplicaID {
        defer { nextOrigin += 1 }
        return ReplicaID(nextOrigin)
    }
}
