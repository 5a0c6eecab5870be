import SyncReport
import SyncSimulation

/// What `simulate` and `simulate run` both take about how each comparison
/// of strategies runs and is reported: one set of fields, declared once
/// (each command still lists its options, with its own descriptions).
struct ComparisonOptions {
    /// `--strategies`; nil: the command's own default.
    var strategyNames: [String]?
    var format = OutputFormat.table
    var includesTiming = true
    var store = StoreKind.memory
    var concurrency = WriterConcurrency.deterministic
    var out: String?
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var limits = RunLimitOptions()
}
