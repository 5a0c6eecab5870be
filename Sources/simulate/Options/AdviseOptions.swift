import SyncExperiments
import SyncLint
import SyncScenarioFile
import SyncSimulation

/// `simulate advise INPUT`: which stack and strategy to ship for one
/// app's model and habits. The workload options are read as text and
/// checked by the library's own parsers, whose errors name the option.
struct AdviseOptions: CommandOptions {
    /// Devices of one user: `--devices`, else 3.
    var devices: Int { devicesGiven ?? AdviceWorkload.defaultDeviceCount }

    var paths: [String] = []
    /// `--key Entity.field[,field]`, one per entity.
    var keys: [String] = []
    /// `--devices N`; nil: the scenario file's `advise` block, else 3.
    var devicesGiven: Int?
    /// `--habits LIST`; nil: every habit the model makes possible.
    var habits: String?
    /// `--offline DURATION`; nil: ``AdviceWorkload/defaultOfflineMicros``.
    var offline: String?
    /// `--drop RATE[,RATE]`; nil: 0.
    var drop: String?
    /// `--seeds`; nil: the scenario file's `advise` block, else
    /// ``AdviceSeeds``: 1..20, doubled while a tie is undecided.
    var seedsGiven: [UInt64]?
    /// `--rank LIST`; nil: the default order of harm.
    var rank: String?
    /// `--presets LIST`; nil: every preset.
    var presets: String?
    var scenariosOut: String?
    var out: String?
    var format = AdviceFormat.text
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var lint = LintOptions()
    /// The scenario file's `advise` block, when it gave settings: errors
    /// about them name it (``place(of:)``).
    var block: BlockSource?

    /// What advise prints.
    enum AdviceFormat: String, CaseIterable {
        case text, json
    }

    static var options: [Option<Self>] {
        [
            .values("--key", appendingTo: \.keys,
                    .text("ENTITY.FIELD", accepts: "ENTITY.FIELD, or ENTITY.FIELD1,FIELD2 for a compound key, such as Book.isbn"),
                    "a natural key (compound: E.F1,F2), one per entity (default: the constraints)"),
            .value("--devices", \.devicesGiven, .whole(AdviceWorkload.deviceRange)) {
                "devices of one user, \($0.range) (default \(AdviceWorkload.defaultDeviceCount): phone, tablet, laptop)"
            },
            .value("--habits", \.habits, .nonEmptyText("LIST", accepts: "a comma-separated list of \(AdviceHabit.names)"),
                   "the app's habits, comma-separated (default: all the model makes possible)"),
            .value("--offline", \.offline, .nonEmptyText("DURATION", accepts: "a duration such as 2s, 30s or 10m"),
                   "how long a device stays offline (default \(ScenarioFile.durationText(AdviceWorkload.defaultOfflineMicros)))"),
            .value("--drop", \.drop, .nonEmptyText("RATE[,RATE]", accepts: "one or more drop probabilities from 0 up to 1, such as 0,0.1"),
                   "chance a message is lost; several rates run every habit at each (default 0)"),
            .value("--seeds", \.seedsGiven, .seeds, "a range or list (default 1..20, doubled up to 1..80 while a tie is undecided)"),
            .value("--rank", \.rank, .nonEmptyText("LIST", accepts: "a comma-separated list of \(AdviceHarm.allCases.map(\.rawValue).joined(separator: ", "))"),
                   "the harms to rank by, most important first (default: the order of harm)"),
            .value("--presets", \.presets, .nonEmptyText("LIST", accepts: "a comma-separated list of \(PresetCatalog.allNames.joined(separator: ", "))"),
                   "the stacks to weigh (default: every preset)"),
            // `D`, not `DIR`: a longer label would widen the option column of every page past 100 columns.
            .value("--write-scenarios", \.scenariosOut, .text("D", accepts: "a folder to write each habit's scenario file to", completion: .directories),
                   "write each habit's scenario (advise-HABIT.json5) to folder D"),
            .value("--out", \.out, .text("DIR", accepts: "a folder to write report files to", completion: .directories),
                   "also write advise.md, .html, .json, advise-runs.csv, DIR/scenarios/"),
            .format(\.format, AdviceFormat.allCases, "text (default: the recommendation first) or json (one document)"),
            .quiet(\.quiet), .checkInvariants(\.checksInvariants),
        ]
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .advise, operands: "INPUT",
        summary: "which stack and strategy to ship, for one app's model and habits",
        description: """
            Reads an app's data model (a Core Data .xcdatamodeld, a folder of SwiftData
            sources, or an app's source folder, as lint reads them) or a scenario file's schema
            (its advise block sets what these options leave out), writes each of the app's
            habits (seeding, import, offline-edits, reinstall, late-device,
            delete-while-editing) as a scenario over the model's own entities and keys, runs
            every option (each preset, each reading of a behaviour no source settles, each
            strategy the stack's code allows) under every habit and seed, and ranks the
            options by what users experience: lost writes, then records that vanish for a
            while, diverged devices and for how long, duplicates, resurrected deletes,
            dangling links and network messages, each a mean with its 95% interval. Options
            whose intervals overlap on every harm are tied. Prints a recommendation first,
            the steps to ship it and the runner-up with their sources, the ranking, a table
            per habit and the command that replays each option's worst run. Natural keys come
            from the model's unique constraints or --key (a CloudKit model has none: advise
            names the likely ones). Exit status 0 with a recommendation, 1 when every option
            lost a write under some habit (the text says which), 2 for bad input.
            """,
        options: options,
        example: "simulate advise MyApp/Model.xcdatamodeld --key Contact.email --habits import,offline-edits")

    func validate() throws(UsageError) {
        guard paths.count == 1 else {
            throw UsageError(message: "simulate advise needs exactly one input: a .xcdatamodeld or .xcdatamodel folder, a folder of SwiftData sources, "
                + "or a scenario file")
        }
    }

    func run() {
        AdviseCommand.advise(self)
    }
}
