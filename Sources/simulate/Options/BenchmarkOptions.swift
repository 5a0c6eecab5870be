import SyncSimulation

/// `simulate benchmark`: every store's apply rate beside its practical limit.
struct BenchmarkOptions: CommandOptions {
    /// Users created, then updated.
    var records = 100_000
    var replicas = 5
    /// Records per change set and per SQLite transaction.
    var batch = 100
    var format = OutputFormat.table
    /// Where the SQLite files go (`sqlite:DIR`); every store is measured whatever it says.
    var store = StoreKind.memory

    /// `--records` × `--replicas` records are held in memory at once.
    static let recordCopiesLimit = 10_000_000

    static var options: [Option<Self>] {
        [
            .value("--records", \.records, .whole(1 ... 10_000_000)) {
                "users created, then updated, \($0.range) (default \($0.default)); N × R ≤ \(OptionValue<Int>.powerOfTen(recordCopiesLimit)!)"
            },
            Option.replicas(\.replicas).described { "replicas that each apply every change set, \($0.range) (default \($0.default))" },
            .value("--batch", \.batch, OptionValue.whole(1 ... 100_000).called("B")) {
                "records per change set and per SQLite transaction, \($0.range) (default \($0.default))"
            },
            .format(\.format, [.table, .json], "table (default: aligned lines) or json (one object)"),
            Option.store(\.store).described("sqlite:DIR: SQLite files in a new folder under DIR; else a temporary folder"),
        ]
    }

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
            """,
        options: options,
        example: "swift run -c release simulate benchmark --records 100000 --replicas 5")

    func validate() throws(UsageError) {
        guard records * replicas <= Self.recordCopiesLimit else {
            throw UsageError(message: "--records \(records) × --replicas \(replicas) is \(records * replicas) records "
                + "in memory at once; benchmark allows at most \(Self.recordCopiesLimit): lower --records or --replicas")
        }
    }

    func run() {
        BenchmarkCommand.benchmark(self)
    }
}
