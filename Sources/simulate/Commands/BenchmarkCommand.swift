import Foundation
import SyncExperiments
import SyncSimulation

/// `simulate benchmark`: every store's apply rate beside the practical
/// limit it could reach, the memory store's bytes per record, and the
/// machine, from one run of ``StoreBenchmark``.
enum BenchmarkCommand {
    static func benchmark(_ options: BenchmarkOptions) {
        let progress = Progress(for: .benchmark)
        let settings = StoreBenchmark.Settings(records: options.records, replicas: options.replicas, batch: options.batch,
                                               sqliteDirectory: sqliteDirectory(options.store))
        let result: StoreBenchmark.Result
        do {
            result = try StoreBenchmark.run(settings) { progress.show("benchmark: \($0)…") }
        } catch {
            progress.clear()
            exitWithUsageError("cannot run the benchmark: \(error.message)")
        }
        progress.clear()
        switch options.format {
        case .table: StandardOutput.write(table(result))
        case .json: StandardOutput.write(json(result).rendered())
        case .markdown: preconditionFailure("the parser refuses --format markdown for benchmark")
        }
    }

    /// `simulate benchmark --scaling`: one run of ``ScalingBenchmark``, a
    /// few minutes long, so its progress goes to a log too (a line at most
    /// every 10 s off a terminal), as a sweep's does.
    static func scaling(_ options: BenchmarkOptions) {
        let progress = Progress(style: .standardError(quiet: false, logs: true), log: ProgressLog(prefix: "benchmark"))
        let result = ScalingBenchmark.run(options.scalingSettings) { progress.show("scaling: \($0)…") }
        progress.clear()
        switch options.format {
        case .table: StandardOutput.write(scalingTable(result))
        case .json: StandardOutput.write(scalingJSON(result).rendered())
        case .markdown: preconditionFailure("the parser refuses --format markdown for benchmark")
        }
    }

    /// Where the SQLite files go: under DIR for `sqlite:DIR`; for `memory`
    /// and `sqlite` (every store is measured whatever `--store` says), under
    /// the system's temporary folder.
    static func sqliteDirectory(_ store: StoreKind) -> String? {
        switch store {
        case .memory, .sqliteMemory: return nil
        case .sqliteFiles(let directory): return directory
        }
    }
}
