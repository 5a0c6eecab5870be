import SyncReport
import SyncSimulation

/// One option as help shows it. `CommandHelp` lists these per command, and
/// the parser accepts exactly the options listed, so help and parser cannot
/// disagree about which options a command takes.
struct OptionHelp {
    /// `--seed`
    let name: String
    /// What the value is called in help (`S`); nil for a flag.
    let value: String?
    /// One line: what it does, what it takes, its default.
    let summary: String
    /// Shown without brackets in the usage line: the command needs it.
    var isRequired = false
    /// Shown as `--vary X [--vary …]` in the usage line.
    var isRepeatable = false

    init(_ name: String, _ value: String? = nil, _ summary: String) {
        self.name = name
        self.value = value
        self.summary = summary
    }

    /// `--seed S`, or `-h, --help` for help's short form.
    var label: String {
        let named = name == "--help" ? "-h, --help" : name
        return value.map { "\(named) \($0)" } ?? named
    }

    /// How the usage line shows it: `[--seed S]`, `--out DIR`, `--vary X [--vary …]`.
    var synopsis: String {
        let text = value.map { "\(name) \($0)" } ?? name
        let shown = isRequired ? text : "[\(text)]"
        return isRepeatable ? "\(shown) [\(name) …]" : shown
    }

    /// The same option, described for one command.
    func described(_ summary: String) -> OptionHelp {
        var copy = OptionHelp(name, value, summary)
        copy.isRequired = isRequired
        copy.isRepeatable = isRepeatable
        return copy
    }

    /// The same option, which may be given more than once.
    func repeatable() -> OptionHelp {
        var copy = self
        copy.isRepeatable = true
        return copy
    }

    /// The same option, which the command cannot do without.
    func required() -> OptionHelp {
        var copy = self
        copy.isRequired = true
        return copy
    }
}

/// Every option, with the line most commands show; a command that means
/// something narrower says so with `described(_:)`.
extension OptionHelp {
    static let help = OptionHelp("--help", nil, "show this help")
    static let version = OptionHelp("--version", nil, "print the version: simulate \(ToolVersion.current)")

    static let replicas = OptionHelp("--replicas", "N",
        "replicas in the default scenario, \(CommandLineOptions.replicaRange.lowerBound) to \(CommandLineOptions.replicaRange.upperBound) (default 5)")
    static let seed = OptionHelp("--seed", "S", "seed of every random draw, 0 to 2^64-1 (default: the file's own, else 1)")
    static let engine = OptionHelp("--engine", "ENGINE",
        "\(EngineCatalog.allNames.joined(separator: " or ")) (default: the file's own, else peer); not with --preset")
    static let preset = OptionHelp("--preset", "STACK",
        "run as a stack you could ship: \(PresetCatalog.allNames.joined(separator: ", "))")
    static let strategies = OptionHelp("--strategies", "LIST", "strategies to run, comma-separated, in that order (default: the file's list)")
    static let format = OptionHelp("--format", "FORMAT", "table (default), json or markdown")
    static let noTiming = OptionHelp("--no-timing", nil, "leave out wall-clock figures: output byte-identical from run to run")
    /// The file layout in full is ``StoreLayout``'s and docs/stores-and-writers.md.
    static let store = OptionHelp("--store", "STORE",
        "memory (default), sqlite (in memory), sqlite:DIR (DIR/SCENARIO/seed-N/…)")
    static let concurrency = OptionHelp("--concurrency", "MODE",
        "how writers run: deterministic (default: seeded) or dispatch (real threads)")
    static let checkInvariants = OptionHelp("--check-invariants", nil,
        "check invariants after every event; exit 3 if one breaks (off by default)")
    static let maxEvents = OptionHelp("--max-events", "N",
                                      "stop each run after N events (1 to 10^12), its figures marked partial")
    static let maxMemory = OptionHelp("--max-memory", "SIZE",
                                      "stop a run past SIZE resident (512M, 2G; default half the RAM), partial")
    static let allowLarge = OptionHelp("--allow-large", nil,
                                       "run a scenario the work estimate refuses (too large: exit 2)")
    static let out = OptionHelp("--out", "DIR", "also write report.md, .json, .csv and .html to DIR/<scenario>/ per scenario")
    static let junit = OptionHelp("--junit", "FILE", "also write JUnit XML to FILE (a suite per file, a case per expectation)")
    static let filter = OptionHelp("--filter", "TEXT", "only the files whose path or scenario name contains TEXT")
    static let failFast = OptionHelp("--fail-fast", nil, "stop after the first file that fails or cannot be parsed")
    /// `--no-timing` where its only wall-clock figure is JUnit's `time`.
    static let junitNoTiming = OptionHelp("--no-timing", nil, "write time=\"0\" on every JUnit case: --junit's file byte-identical")

    static let writers = OptionHelp("--writers", "LIST", "writer counts, comma-separated, each 1 to 64 (default 1,2,4,8,16)")
    static let trials = OptionHelp("--trials", "T", "trials per strategy and writer count, 1 to 100000 (default 200)")
    static let thinkMicros = OptionHelp("--think-micros", "N",
        "µs between each writer's fetch and its save, 0 to 1000000 (default 50)")
    static let lockstep = OptionHelp("--lockstep", nil, "every writer fetches before any saves: the bad interleaving, forced")
    static let records = OptionHelp("--records", "N", "users created, then updated, 1 to 10000000 (default 100000); N × R ≤ 10^7")
    static let batch = OptionHelp("--batch", "B", "records per transaction, 1 to 100000 (default 100)")
    static let vary = OptionHelp("--vary", "PATH=V1,V2,…", "a setting's path and values, such as network.drop=0,0.1 (repeat for a grid)")
    static let seeds = OptionHelp("--seeds", "A..B", "the seeds to run, a range or a comma-separated list (default 1..30)")
    static let shard = OptionHelp("--shard", "K/N", "run only slice K of N, writing DIR/sweep-part-K-of-N.json (needs --out)")
    static let quiet = OptionHelp("--quiet", nil, "no progress on stderr (a bar on a terminal, else a line at most every 10 s)")
    static let nemesis = OptionHelp("--nemesis", "SETTINGS",
        "the fault schedule: every=D,until=D,partition=P,crash=P (defaults above)")
    static let shrink = OptionHelp("--shrink", nil, "minimise each failing seed into a scenario file under --out DIR")
    static let writeSchema = OptionHelp("--write-schema", "FILE", "also write the model as a scenario that makes duplicates on three devices")
    static let key = OptionHelp("--key", "ENTITY.FIELD", "a natural key for --write-schema (compound: E.F1,F2), one per entity").repeatable()
    static let assumeCloudKit = OptionHelp("--assume-cloudkit", nil, "check every entity as if it synced, in a CloudKit configuration or not")
    // `V`, not `NAME`: a longer label would widen the option column of every page past 100 columns.
    static let schemaVersion = OptionHelp("--schema-version", "V", "lint the SwiftData VersionedSchema named V, not the current model")
}
