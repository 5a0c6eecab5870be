import SyncSimulation

extension ScalingBenchmark {
    /// Everything one `--scaling` run measured, and the figures and targets derived from it.
    public struct Result: Sendable {
        /// The grids and strategies measured.
        public let settings: Settings
        /// Whether this was a debug or a release build.
        public let build: BuildConfiguration
        /// The machine the benchmark ran on.
        public let machine: MachineDescription
        /// Each strategy's runs, in ``Settings/strategyNames``' order.
        public let strategies: [StrategyScaling]
        /// The reference strategy at the largest key count on 5 replicas,
        /// every remote apply timed.
        public let fullRun: ScalingRun
        /// The Dictionary loop at the same key count and replicas.
        public let dictionary: DictionaryMeasurement
        /// Allocator bytes in use before the memory stores were filled and
        /// after, with them alive (``memorySource`` says whose figure).
        public let bytesInUseBefore: Int
        /// See ``bytesInUseBefore``.
        public let bytesInUseAfter: Int
        /// Whose figure the bytes in use are.
        public let memorySource: MemorySource
        /// The process's peak RSS once the key grid had run: its largest runs.
        public let keyGridPeakRSSBytes: Int
        /// The process's peak RSS at the end.
        public let peakRSSBytes: Int
        /// Wall seconds of the whole benchmark.
        public let wallSeconds: Double

        /// The largest key count: the memory measure's, the Dictionary's and the full run's.
        public var largestKeys: Int { settings.keyCounts.last! }

        /// The full run's remote-apply rate over the Dictionary loop's: 1 is as fast.
        public var fullRunVsDictionary: Double { (fullRun.applyRecordsPerSecond ?? 0) / dictionary.recordsPerSecond }

        /// What one record costs one memory store after a create and an
        /// update (``StoreBenchmark/Result/bytesPerRecordPerReplica``), at the
        /// largest key count on 5 replicas.
        public var bytesPerRecordPerReplica: Double {
            Double(bytesInUseAfter - bytesInUseBefore) / Double(largestKeys * Settings.keysReplicaCount)
        }

        /// The whole process's peak RSS through the key grid over the
        /// largest run's keys × replicas: the runtime, the change sets, the
        /// copies some strategies keep and the checker are all in it.
        public var peakRSSBytesPerRecordPerReplica: Double {
            Double(keyGridPeakRSSBytes) / Double(largestKeys * Settings.keysReplicaCount)
        }

        /// `strategy`'s CPU over the reference strategy's at `keys`; nil
        /// when the key grid has no such count or no such strategy.
        public func vsReference(_ strategy: String, keys: Int) -> Double? {
            guard let index = settings.keyCounts.firstIndex(of: keys),
                  let run = strategies.first(where: { $0.strategy == strategy })?.byKeys[index],
                  let reference = strategies.first(where: { $0.strategy == Settings.referenceStrategy })?.byKeys[index] else { return nil }
            return run.cpuSeconds / max(reference.cpuSeconds, 1e-9)
        }

        /// The strategies whose ratio to the reference is judged: `dedupe`
        /// and its variants, and every `unique:*` policy.
        public static func isJudgedAgainstReference(_ strategy: String) -> Bool {
            let family = strategy.prefix { $0 != ":" }
            return family == "dedupe" || family == "unique"
        }

        /// Issue 31's targets, each with the figure measured: every
        /// strategy's keys slope; dedupe's and every unique policy's CPU
        /// within 3× of crdt's at the judged key counts the grid has; the
        /// memory store's bytes; the full run against the Dictionary.
        public var targets: [BenchmarkTarget] {
            var targets = strategies.map { figures in
                BenchmarkTarget(figure: "scaling.\(figures.strategy).keysSlope", label: "\(figures.strategy): slope of CPU in keys",
                                bound: .atMost(1.2), value: figures.keysSlope, decimals: 3)
            }
            for keys in Settings.judgedKeyCounts {
                for figures in strategies where Self.isJudgedAgainstReference(figures.strategy) {
                    guard let ratio = vsReference(figures.strategy, keys: keys) else { continue }
                    targets.append(BenchmarkTarget(figure: "scaling.\(figures.strategy).vsCrdt.\(keys)",
                                                   label: "\(figures.strategy): CPU ÷ crdt's at \(GroupedDigits.text(keys)) keys",
                                                   bound: .atMost(3), value: ratio, decimals: 2))
                }
            }
            targets.append(BenchmarkTarget(figure: "bytesPerRecordPerReplica", label: "memory store bytes per record per replica",
                                           bound: .atMost(200), value: bytesPerRecordPerReplica, decimals: 1))
            targets.append(BenchmarkTarget(figure: "fullRunVsDictionary", label: "full-run remote-apply rate ÷ Dictionary rate",
                                           bound: .atLeast(0.5), value: fullRunVsDictionary, decimals: 3))
            return targets
        }
    }
}
