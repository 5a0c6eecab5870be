import SyncModel

/// Something that happens at a scheduled moment of a scenario.
public enum StepAction: Hashable, Sendable {
    /// Splits replicas into groups that cannot reach each other; replicas
    /// not named form one more group.
    case partition([[ReplicaID]])
    /// Puts every endpoint (the engine's server and a hub too) in a group
    /// of its own (`partition: "each"`): the endpoints are counted when the
    /// step runs, so the step means the same under any engine.
    case partitionEach
    /// Loses every message from a replica in `from` to one in `to`, one
    /// way only, until the next heal (an asymmetric partition).
    case cut(from: [ReplicaID], to: [ReplicaID])
    /// Ends every partition and cut.
    case heal
    /// An application intent on one replica.
    case intent(ReplicaID, Intent)
    /// `count` application tasks on one replica running the same intent at
    /// once, each as separate fetch and save steps that the seeded
    /// scheduler interleaves (seed 002's app code: on a failed save, roll
    /// back and fetch again).
    case writers(ReplicaID, Intent, count: Int)
    /// The replica stops: messages to and from it are lost, as is work it
    /// had received but not applied. Its committed store survives unless
    /// `wipe` (the app was reinstalled).
    case crash(ReplicaID, wipe: Bool)
    /// A crashed replica starts again.
    case restart(ReplicaID)
    /// First-launch seeding: the app saves `rows` (records of `entity`) in
    /// one transaction if, at that moment, its store holds no live record
    /// of `entity`; otherwise it does nothing.
    case seedIfEmpty(ReplicaID, entity: EntityIndex, rows: [Row])
    /// An import (or, with ``ImportPlan/onlyIfEmpty``, a first-launch seed)
    /// of more rows than one save takes: saved in batches, one event each.
    case importInBatches(ReplicaID, ImportPlan)
    /// A `random` step too large to draw at once: drawn window by window
    /// as the run reaches each (``RandomPlan``).
    case randomInWindows(RandomPlan)
    /// A workload step drawn from the run's seed when the run starts
    /// (``WorkloadDraw``, ``Scenario/drawingWorkload(seed:)``): a run never
    /// meets one.
    case drawn(WorkloadDraw)
    /// A device that was used with sync off (``Scenario/syncOff``) turns it
    /// on: what it saved meanwhile is uploaded and meets what the others
    /// synced. Turning on a device that syncs does nothing.
    case enableSync(ReplicaID)
    /// The device moves to app version `version` (an index into
    /// ``Scenario/versions``): the app restarts, migrating its store.
    case upgrade(ReplicaID, version: Int)
    /// Seeded random partitions and crashes from this moment on.
    case nemesis(NemesisSettings)
}

/// One scheduled step.
public struct Step: Hashable, Sendable {
    /// When the step happens, in microseconds of true time from the start.
    public let atMicros: Int64
    /// What happens.
    public let action: StepAction

    /// A step at `atMicros`, which must not be negative.
    public init(atMicros: Int64, _ action: StepAction) {
        precondition(atMicros >= 0, "steps cannot happen before time 0")
        self.atMicros = atMicros
        self.action = action
    }
}
