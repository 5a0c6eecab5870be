import SyncExperiments
import SyncSimulation

/// `simulate benchmark`: every store's apply rate beside its practical
/// limit; with `--scaling`, how a run's cost grows with keys and replicas.
///
/// The store benchmark's options are nil until given, and the scaling
/// grid's empty, so that `validate()` can refuse one mode's options in the
/// other: silently ignored, `--scaling --records 5000` would look measured.
struct BenchmarkOptions: CommandOptions {
    static let defaultRecords = 100_000
    static let defaultReplicas = 5
    static let defaultBatch = 100

    /// Users created, then updated; nil: ``defaultRecords``.
    var recordsGiven: Int?
    var replicasGiven: Int?
    /// Records per change set and per SQLite transaction; nil: ``defaultBatch``.
    var batchGiven: Int?
    var format = OutputFormat.table
    /// Where the SQLite files go (`sqlite:DIR`); every store is measured whatever it says.
    var storeGiven: StoreKind?
    /// `--scaling`: the scaling benchmark in place of the store benchmark.
    var scaling = false
    /// Keys per device of the scaling key grid; nil: the issue's grid.
    var keyCounts: [Int]?
    /// Devices of the scaling replica grid; nil: the issue's grid.
    var replicaCounts: [Int]?
    /// Strategies of the scaling benchmark; nil: the defaults.
    var strategyNames: [String]?

    var records: Int { recordsGiven ?? Self.defaultRecords }
    var replicas: Int { replicasGiven ?? Self.defaultReplicas }
    var batch: Int { batchGiven ?? Self.defaultBatch }
    var store: StoreKind { storeGiven ?? .memory }

    /// `--records` × `--replicas` records are held in memory at once.
    static let recordCopiesLimit = 10_000_000

    static let keysRange = 10 ... 1_000_000
    static let replicaCountsRange = 2 ... 500

    static var options: [Option<Self>] {
        [
            .value("--records", \.recordsGiven, .whole(1 ... 10_000_000)) {
                "users created, then updated, \($0.range) (default \(defaultRecords)); N × R ≤ \(OptionValue<Int>.powerOfTen(recordCopiesLimit)!)"
            },
            .value("--replicas", \.replicasGiven, .whole(1 ... 500)) {
                "replicas that each apply every change set, \($0.range) (default \(defaultReplicas))"
            },
            .value("--batch", \.batchGiven, OptionValue.whole(1 ... 100_000).called("B")) {
                "records per change set and per SQLite transaction, \($0.range) (default \(defaultBatch))"
            },
            .format(\.format, [.table, .json], "table (default: aligned lines) or json (one object)"),
            .value("--store", \.storeGiven, .store, "sqlite:DIR: SQLite files in a new folder under DIR; else a temporary folder"),
            .flag("--scaling", \.scaling, "instead: how each strategy's cost grows with keys and replicas (see below)"),
            .value("--keys", \.keyCounts, .wholeNumbers(each: keysRange)) {
                "key counts of --scaling, each \($0.range) (default \(describe(ScalingBenchmark.Settings.defaultKeyCounts)))"
            },
            .value("--replica-counts", \.replicaCounts, OptionValue.wholeNumbers(each: replicaCountsRange).called("Rs")) {
                "replica counts of --scaling, each \($0.range) (default \(describe(ScalingBenchmark.Settings.defaultReplicaCounts)))"
            },
            Option.strategies(\.strategyNames).described("strategies of --scaling, with crdt (default: the eight in 'simulate help')"),
        ]
    }

    static func describe(_ counts: [Int]) -> String { counts.map(String.init).joined(separator: ",") }

    static let help = CommandHelp(
        .benchmark,
        summary: "how fast each store applies changes, beside the practical limit it could reach",
        description: """
            Measures in one process, one run, every figure beside its practical limit:
            - memory store: R replica nodes (crdt, memory store) each apply N creates of a User,
              then an update of each, in change sets of B, through the simulator's remote apply;
              beside it the same field-by-field last-writer-wins merge into a plain Swift
              Dictionary per replica. Fastest of 3 runs each. Ratio: memory store rate ÷
              Dictionary rate (1 = as fast; higher is better).
            - SQLite: the SQLite store beside a raw SQLite loop doing the same SQL work (per row:
              read the stored row by id, upsert the new one; no decode, merge or count) over the
              same N creates and N updates, B per transaction, on in-memory databases, then on
              database files in a new folder (removed afterwards). One run each. Ratio: store
              seconds ÷ raw seconds (1 = as fast; lower is better).
            - memory: the memory stores' bytes per record per replica (allocator bytes in use
              before and after filling them; peak RSS where the allocator cannot tell), and the
              process's peak RSS.
            It prints the machine (CPU, cores, memory, OS, Swift) and build, the rates, the ratios,
            and the project's performance targets, met or missed. A debug build says so: measure
            with -c release.
            JSON keys: tool, toolVersion, command, records, replicas, batch, trials, build, machine
            {cpu, cores, memoryBytes, os, swift}, seconds, rates (records/s: memoryStore,
            dictionary, sqliteMemoryStore, sqliteMemoryRaw, sqliteFileStore, sqliteFileRaw, each
            …RecordsPerSecond), ratios {memoryVsDictionary, sqliteMemoryVsRaw, sqliteFileVsRaw},
            bytesPerRecordPerReplica, memorySource (allocator or peakRSS), bytesInUse {before,
            after}, peakRSSBytes, targets {FIGURE: {atLeast or atMost, value, met}}.

            --scaling: how a run's cost grows, per strategy (--strategies, default the eight default
            ones, crdt among them: it is the reference), each run alone, one after another, its cost
            the process's CPU seconds (user + system) around it; invariant checks as 'simulate run'
            has them. --keys and --replica-counts take at least two counts, ascending. Not with
            --records, --replicas, --batch or --store, which are the store benchmark's.
            - keys: the default scenario (5 replicas partitioned, each importing the same N users,
              N/2 random updates each, heal at 2 s) at each N of --keys (default 1000,3000,10000,
              30000). keysSlope: the least-squares slope of log(CPU) on log(N) (1 = linear,
              2 = quadratic); vsCrdt: CPU ÷ crdt's CPU at the same N.
            - replicas: the default scenario (100 users) on each R of --replica-counts (default
              10,30,100). perApplicationMicros: CPU µs ÷ record applications (records handed to
              applyRemote from another replica, applied or refused), at the largest R;
              replicasSlope: the slope of log(µs per application) on log(R) (0 = flat).
            - fullRunVsDictionary: crdt at the largest N on 5 replicas, run once more timing every
              remote apply (ReplicaNode.applyRemote): record applications per second inside it,
              ÷ the rate of the Dictionary loop above at N users on 5 replicas (best of 3).
            - bytesPerRecordPerReplica: the memory-store measure above at N users on 5 replicas
              (allocator); peakRSSBytesPerRecordPerReplica: the process's peak RSS after the key
              grid ÷ (N × 5): everything, runtime, duplicates and change sets included.
            The default grid, 57 runs, took 141 to 146 s wall (135 to 142 s CPU) in two release runs
            on 2 AMD EPYC cores, within the issue's 10 minutes; each run is named on stderr as it
            starts.
            Targets: every keysSlope ≤ 1.2; dedupe's and each unique:* policy's vsCrdt ≤ 3 at 3000
            and 10000 keys (when --keys has them); bytesPerRecordPerReplica ≤ 200;
            fullRunVsDictionary ≥ 0.5.
            JSON keys: tool, toolVersion, command, seed, keyCounts, keysReplicas, replicaCounts,
            replicasKeys, strategies, build, machine, scaling {STRATEGY: {keysSlope,
            cpuSecondsByKeys {N: s}, vsCrdt {N: ratio}, applicationsByKeys {N: n},
            perApplicationMicros, perApplicationMicrosByReplicas {R: µs}, replicasSlope,
            cpuSecondsByReplicas {R: s}, applicationsByReplicas {R: n}}}, fullRun {strategy, keys,
            replicas, applications, applySeconds, recordsPerSecond}, dictionary {records, replicas,
            batch, trials, seconds, recordsPerSecond}, fullRunVsDictionary, bytesPerRecordPerReplica,
            memorySource, bytesInUse {before, after}, peakRSSBytesPerRecordPerReplica,
            keyGridPeakRSSBytes, peakRSSBytes, wallSeconds, targets.
            """,
        options: options,
        example: "swift run -c release simulate benchmark --records 100000 --replicas 5")

    func validate() throws(UsageError) {
        if scaling {
            let given = [("--records", recordsGiven != nil), ("--replicas", replicasGiven != nil), ("--batch", batchGiven != nil),
                         ("--store", storeGiven != nil)].filter(\.1).map(\.0)
            guard given.isEmpty else {
                throw UsageError(message: "--scaling does not take \(given.joined(separator: ", ")): it runs the default scenario on its own grid "
                    + "(--keys, --replica-counts, --strategies); leave \(given.count == 1 ? "it" : "them") out")
            }
            try Self.checkGrid(keyCounts, name: "--keys")
            try Self.checkGrid(replicaCounts, name: "--replica-counts")
            if let strategyNames, !strategyNames.contains(ScalingBenchmark.Settings.referenceStrategy) {
                throw UsageError(message: "--strategies must include \(ScalingBenchmark.Settings.referenceStrategy): every other strategy's CPU "
                    + "is divided by its, and its full run is the one timed")
            }
            return
        }
        let scalingOnly = [("--keys", keyCounts != nil), ("--replica-counts", replicaCounts != nil), ("--strategies", strategyNames != nil)]
            .filter(\.1).map(\.0)
        guard scalingOnly.isEmpty else {
            throw UsageError(message: "\(scalingOnly.joined(separator: ", ")) \(scalingOnly.count == 1 ? "is" : "are") for --scaling only: add --scaling, "
                + "or leave \(scalingOnly.count == 1 ? "it" : "them") out")
        }
        guard records * replicas <= Self.recordCopiesLimit else {
            throw UsageError(message: "--records \(records) × --replicas \(replicas) is \(records * replicas) records "
                + "in memory at once; benchmark allows at most \(Self.recordCopiesLimit): lower --records or --replicas")
        }
    }

    /// At least two counts, ascending: a slope needs two distinct sizes.
    static func checkGrid(_ counts: [Int]?, name: String) throws(UsageError) {
        guard let counts else { return }
        guard counts.count >= 2, zip(counts, counts.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw UsageError(message: "\(name) needs at least two counts in ascending order, each once, to fit a slope; got \(describe(counts))")
        }
    }

    /// The scaling benchmark's settings from the options given.
    var scalingSettings: ScalingBenchmark.Settings {
        var settings = ScalingBenchmark.Settings()
        if let keyCounts { settings.keyCounts = keyCounts }
        if let replicaCounts { settings.replicaCounts = replicaCounts }
        if let strategyNames { settings.strategyNames = strategyNames }
        return settings
    }

    func run() {
        if scaling {
            BenchmarkCommand.scaling(self)
        } else {
            BenchmarkCommand.benchmark(self)
        }
    }
}
