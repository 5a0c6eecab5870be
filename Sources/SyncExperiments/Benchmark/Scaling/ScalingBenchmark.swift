import Foundation
import SyncModel
import SyncSimulation

/// `simulate benchmark --scaling`: how a run's cost grows with the keys
/// its devices import and with the number of devices, per strategy, and
/// how a whole run's remote applies compare with a plain `Dictionary`.
///
/// 1. Memory: the store benchmark's fill (``StoreBenchmark``), at the
///    largest key count on ``Settings/keysReplicaCount`` replicas, one
///    trial: allocator bytes per record per replica. Then the same
///    workload merged into plain dictionaries, best of
///    ``Settings/dictionaryTrials``: the practical limit of a remote apply.
/// 2. Keys: ``ScalingScenario`` at each key count on 5 replicas, one
///    strategy at a time, serially: each run's CPU seconds and record
///    applications. Then the process's peak RSS.
/// 3. The full-run apply rate: the reference strategy (`crdt`) at the
///    largest key count once more, with a ``RemoteApplyMeter`` that times
///    every ``ReplicaNode/applyRemote(_:atMicros:)``; its CPU is not used.
/// 4. Replicas: the default scenario (100 keys) at each replica count, one
///    strategy at a time: CPU seconds per record application.
///
/// Invariant checks are as `simulate run` has them in this build
/// (``InvariantChecker/enabledByDefault``). Every figure is a time or a
/// size of this process; none feeds back into a run, whose results are
/// the same as without the benchmark.
public enum ScalingBenchmark {
    /// The grids and the strategies.
    public struct Settings: Sendable {
        /// Keys per device in the key grid, ascending, at least two.
        public var keyCounts: [Int]
        /// Devices in the replica grid, ascending, at least two, each at least 2.
        public var replicaCounts: [Int]
        /// Strategies measured, in report order; they must include ``referenceStrategy``.
        public var strategyNames: [String]
        /// The seed of every run.
        public var seed: UInt64
        /// Timed runs of the Dictionary loop; the fastest counts.
        public var dictionaryTrials: Int
        /// Keys in the replica grid: the default scenario's 100 (fewer
        /// only to keep a test short).
        public var replicasKeyCount: Int

        /// The grid: 1,000 to 30,000 keys, 10 to 100 replicas.
        public static let defaultKeyCounts = [1_000, 3_000, 10_000, 30_000]
        /// See ``defaultKeyCounts``.
        public static let defaultReplicaCounts = [10, 30, 100]
        /// Keys in the replica grid: the default scenario's own 100, so
        /// that each run is `simulate --replicas R`'s.
        public static let defaultReplicasKeyCount = 100
        /// Devices in the key grid: the default scenario's 5.
        public static let keysReplicaCount = 5
        /// What every other strategy's CPU is divided by, and whose full run is timed.
        public static let referenceStrategy = "crdt"
        /// Records per change set of the memory and Dictionary workload, as `simulate benchmark`'s default.
        public static let batch = 100
        /// The key counts where the ratio to ``referenceStrategy`` is judged.
        public static let judgedKeyCounts = [3_000, 10_000]

        /// The grid over the default strategies, seed 1, best of 3 Dictionary trials.
        public init(keyCounts: [Int] = Self.defaultKeyCounts, replicaCounts: [Int] = Self.defaultReplicaCounts,
                    strategyNames: [String] = StrategyCatalog.defaultNames, seed: UInt64 = 1, dictionaryTrials: Int = 3,
                    replicasKeyCount: Int = Self.defaultReplicasKeyCount) {
            self.keyCounts = keyCounts
            self.replicaCounts = replicaCounts
            self.strategyNames = strategyNames
            self.seed = seed
            self.dictionaryTrials = dictionaryTrials
            self.replicasKeyCount = replicasKeyCount
        }

        /// Runs in the two grids, and the timed full run.
        public var runCount: Int { strategyNames.count * (keyCounts.count + replicaCounts.count) + 1 }
    }

    /// Runs every measurement; `progress` hears each step as it starts
    /// (`10,000 keys on 5 replicas, dedupe [22/57]`).
    public static func run(_ settings: Settings, progress: (String) -> Void = { _ in }) -> Result {
        check(settings)
        let started = ProcessClocks.monotonicNanoseconds()
        let largestKeys = settings.keyCounts.last!
        let replicas = Settings.keysReplicaCount

        progress("memory: \(GroupedDigits.text(largestKeys)) users on \(replicas) memory stores")
        let workload = RemoteApplyWorkload(records: largestKeys, batch: Settings.batch)
        let storeSettings = StoreBenchmark.Settings(records: largestKeys, replicas: replicas, batch: Settings.batch, trials: 1)
        let memory = StoreBenchmark.measureMemoryStore(workload, settings: storeSettings) { _ in }
        var dictionarySettings = storeSettings
        dictionarySettings.trials = settings.dictionaryTrials
        let dictionarySeconds = StoreBenchmark.measureDictionary(workload, settings: dictionarySettings, progress: progress)

        var position = 0
        func measure(keys: Int, replicas: Int, strategy: String) -> ScalingRun {
            position += 1
            progress("\(GroupedDigits.text(keys)) keys on \(replicas) replicas, \(strategy) [\(position)/\(settings.runCount)]")
            return ScalingRun.measure(keys: keys, replicas: replicas, strategy: strategy, seed: settings.seed)
        }
        var byKeys: [String: [ScalingRun]] = [:]
        for keys in settings.keyCounts {
            for strategy in settings.strategyNames {
                byKeys[strategy, default: []].append(measure(keys: keys, replicas: replicas, strategy: strategy))
            }
        }
        let keyGridPeakRSSBytes = AllocatorBytes.peakResidentBytes()

        position += 1
        progress("\(GroupedDigits.text(largestKeys)) keys on \(replicas) replicas, \(Settings.referenceStrategy), timing each remote apply "
            + "[\(position)/\(settings.runCount)]")
        let fullRun = ScalingRun.measure(keys: largestKeys, replicas: replicas, strategy: Settings.referenceStrategy, seed: settings.seed,
                                         clock: ProcessClocks.monotonicNanoseconds)

        var byReplicas: [String: [ScalingRun]] = [:]
        for count in settings.replicaCounts {
            for strategy in settings.strategyNames {
                byReplicas[strategy, default: []].append(measure(keys: settings.replicasKeyCount, replicas: count, strategy: strategy))
            }
        }

        let strategies = settings.strategyNames.map { StrategyScaling(strategy: $0, byKeys: byKeys[$0]!, byReplicas: byReplicas[$0]!) }
        let wallSeconds = Double(ProcessClocks.monotonicNanoseconds() - started) / 1e9
        return Result(settings: settings, build: .current, machine: .current(), strategies: strategies, fullRun: fullRun,
                      dictionary: DictionaryMeasurement(records: largestKeys, replicas: replicas, batch: Settings.batch,
                                                        trials: settings.dictionaryTrials, seconds: dictionarySeconds),
                      bytesInUseBefore: memory.bytesBefore, bytesInUseAfter: memory.bytesAfter, memorySource: memory.source,
                      keyGridPeakRSSBytes: keyGridPeakRSSBytes, peakRSSBytes: AllocatorBytes.peakResidentBytes(), wallSeconds: wallSeconds)
    }

    /// The settings' grids are ones a slope can be fitted to; callers check first (the command line says what is wrong).
    static func check(_ settings: Settings) {
        func ascending(_ values: [Int]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
        precondition(settings.keyCounts.count >= 2 && ascending(settings.keyCounts) && settings.keyCounts[0] >= 2,
                     "the key counts must be at least two, ascending, each at least 2")
        precondition(settings.replicaCounts.count >= 2 && ascending(settings.replicaCounts) && settings.replicaCounts[0] >= 2,
                     "the replica counts must be at least two, ascending, each at least 2")
        precondition(settings.strategyNames.contains(Settings.referenceStrategy), "the strategies must include \(Settings.referenceStrategy)")
        precondition(settings.strategyNames.allSatisfy { StrategyCatalog.strategy(named: $0) != nil }, "unknown strategy")
        precondition(settings.dictionaryTrials >= 1 && settings.replicasKeyCount >= 2, "at least one Dictionary trial and two keys")
    }
}
