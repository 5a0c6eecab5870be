import Foundation
import SyncSimulation

/// The options several commands take, each declared once: its name, its
/// value (and so its range) and the summary most of those commands show.
/// A command whose wording differs says so with ``Option/described(_:)``;
/// options only one command takes are declared in that command's options.
extension Option {
    static func replicas(_ path: WritableKeyPath<Options, Int>) -> Option {
        .value("--replicas", path, .whole(1 ... 500)) { "replicas in the default scenario, \($0.range) (default \($0.default))" }
    }

    static func seed(_ path: WritableKeyPath<Options, UInt64?>) -> Option {
        .value("--seed", path, .seed) { "seed of every random draw, \($0.range) (default: the file's own, else 1)" }
    }

    /// `--seed` where there is no file to take a seed from: the default is the field's.
    static func seed(_ path: WritableKeyPath<Options, UInt64>) -> Option {
        .value("--seed", path, .seed) { "seed of every random draw, \($0.range) (default \($0.default))" }
    }

    static func seeds(_ path: WritableKeyPath<Options, [UInt64]>) -> Option {
        .value("--seeds", path, .seeds) { "a range or a comma-separated list of seeds, \($0.range) (default \($0.default))" }
    }

    static func engine(_ path: WritableKeyPath<Options, String?>) -> Option {
        .value("--engine", path, .oneOf(EngineCatalog.allNames, "ENGINE") { EngineCatalog.configuration(named: $0) == nil ? nil : $0 },
               "\(EngineCatalog.allNames.joined(separator: " or ")) (default: the file's own, else \(EngineCatalog.defaultName)); not with --preset")
    }

    static func preset(_ path: WritableKeyPath<Options, String?>) -> Option {
        .value("--preset", path, .oneOf(PresetCatalog.allNames, "STACK") { PresetCatalog.preset(named: $0)?.name },
               "run as a stack you could ship: \(PresetCatalog.allNames.joined(separator: ", "))")
    }

    /// `--set PATH=VALUE`, repeatable; a path given twice is refused, as `--vary`'s is.
    static func set(_ path: WritableKeyPath<Options, [SettingOverride]>) -> Option {
        .values("--set", appendingTo: path, .setting, check: { settings, setting throws(UsageError) in
            guard !settings.contains(where: { $0.path == setting.path }) else {
                throw UsageError(message: "--set names '\(Echo.text(setting.path))' twice; give it once")
            }
        }, "change one setting of every file, as sweep's --vary does; repeat for several")
    }

    static func strategies(_ path: WritableKeyPath<Options, [String]?>) -> Option {
        .value("--strategies", path, .strategies, "strategies to run, comma-separated, in that order (default: the file's list)")
    }

    /// `--format`: the formats the command prints, the first its default.
    static func format<Format: RawRepresentable<String>>(_ path: WritableKeyPath<Options, Format>, _ formats: [Format], _ summary: String) -> Option {
        precondition(Options()[keyPath: path] == formats[0], "a command's first format is its default")
        return .value("--format", path, .oneOf(formats, "FORMAT"), summary)
    }

    /// `--no-timing`, which clears `path`.
    static func noTiming(_ path: WritableKeyPath<Options, Bool>) -> Option {
        .flag("--no-timing", path, setting: false, "leave out wall-clock figures: output byte-identical from run to run")
    }

    /// `--no-timing` where its only wall-clock figure is JUnit's `time`.
    static func junitNoTiming(_ path: WritableKeyPath<Options, Bool>) -> Option {
        noTiming(path).described("write time=\"0\" on every JUnit case: --junit's file byte-identical")
    }

    /// The file layout in full is ``StoreLayout``'s and docs/stores-and-writers.md.
    static func store(_ path: WritableKeyPath<Options, StoreKind>) -> Option {
        .value("--store", path, .store, "memory (default), sqlite (in memory), sqlite:DIR (DIR/SCENARIO/seed-N/…)")
    }

    static func concurrency(_ path: WritableKeyPath<Options, WriterConcurrency>) -> Option {
        .value("--concurrency", path, .oneOf(WriterConcurrency.allCases, "MODE"),
               "how writers run: deterministic (default: seeded) or dispatch (real threads)")
    }

    static func out(_ path: WritableKeyPath<Options, String?>) -> Option {
        .value("--out", path, .text("DIR", accepts: "a folder to write report files to", completion: .directories),
               "also write report.md, .json, .csv and .html to DIR/<scenario>/ per scenario")
    }

    static func junit(_ path: WritableKeyPath<Options, String?>) -> Option {
        .value("--junit", path, .text("FILE", accepts: "a file to write the JUnit XML report to, such as check.xml", completion: .files),
               "also write JUnit XML to FILE (a suite per file, a case per expectation)")
    }

    static func quiet(_ path: WritableKeyPath<Options, Bool>) -> Option {
        .flag("--quiet", path, "no progress on stderr (a bar on a terminal, else a line at most every 10 s)")
    }

    /// Off unless given, or unless `SIMULATE_CHECK_INVARIANTS=1` is in the
    /// environment (``checksInvariantsByDefault``).
    static func checkInvariants(_ path: WritableKeyPath<Options, Bool>) -> Option {
        .flag("--check-invariants", path, "check invariants after every event; exit 3 if one breaks (off by default)")
    }

    /// `--quiet`, `--check-invariants`, `--max-events`, `--max-memory` and
    /// `--allow-large`, which end the options of every command that runs
    /// scenarios (``RunLimitOptions``).
    static func runControls(quiet: WritableKeyPath<Options, Bool>, checksInvariants: WritableKeyPath<Options, Bool>,
                            limits: WritableKeyPath<Options, RunLimitOptions>) -> [Option] {
        [.quiet(quiet), .checkInvariants(checksInvariants)] + RunLimitOptions.options(limits)
    }
}

/// What `--check-invariants` is when not given: on when the environment
/// has `SIMULATE_CHECK_INVARIANTS=1` (the test suite sets it for every run
/// of the binary), off otherwise, in debug builds too: checking after
/// every event makes the README's first command, a debug build, take 20
/// times longer.
let checksInvariantsByDefault = ProcessInfo.processInfo.environment["SIMULATE_CHECK_INVARIANTS"] == "1"
