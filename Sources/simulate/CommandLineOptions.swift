import Foundation
import SyncExperiments
import SyncLint
import SyncSimulation

/// What the user asked for, parsed from the command line by hand (the
/// project takes no packages, argument parsers included).
struct CommandLineOptions {
    enum Command: String, CaseIterable {
        /// The built-in default scenario: `simulate [--replicas N] …`
        case compare
        /// `simulate run FILE…`
        case run
        /// `simulate check FILE|DIR…`
        case check
        /// `simulate race …`
        case race
        /// `simulate benchmark …`
        case benchmark
        /// `simulate sweep FILE …`
        case sweep
        /// `simulate merge PARTS… --out DIR`
        case merge
        /// `simulate explore FILE [--seeds A..B] [--shrink --out DIR]`
        case explore
        /// `simulate lint MODEL... [--format text|json|sarif] [--write-schema FILE]`
        case lint
        /// `simulate completions bash|zsh|fish`
        case completions
        /// `simulate help [COMMAND]`
        case help
    }

    enum Format: String, CaseIterable {
        case table, json, markdown
    }

    static let replicaRange = 1 ... 500

    var command = Command.compare
    var replicas = 5
    /// Nil: the scenario's own seed (1 for the built-in scenario).
    var seed: UInt64?
    /// Nil: the scenario's own list (all eight for the built-in scenario).
    var strategyNames: [String]?
    /// `--engine`: nil for the scenario's own (`peer` for the built-in one).
    var engine: String?
    /// `--preset`: nil for the scenario's own stack; excludes `--engine`.
    var preset: String?
    var format = Format.table
    var includesTiming = true
    /// `--help`, `-h` or `simulate help [CMD]`: print the command's help.
    var showHelp = false
    /// `--version`: print `simulate <version>`.
    var showVersion = false
    var concurrency = WriterConcurrency.deterministic
    var store = StoreKind.memory
    /// `--check-invariants`, or `SIMULATE_CHECK_INVARIANTS=1` in the
    /// environment (the test suite sets it for every run of the binary).
    /// Off otherwise, in debug builds too: checking after every event makes
    /// the README's first command, a debug build, take 20 times longer.
    var checksInvariants = ProcessInfo.processInfo.environment["SIMULATE_CHECK_INVARIANTS"] == "1"
    /// `--max-events`: each run stops after this many events (partial figures).
    var maxEvents: Int?
    /// `--max-memory`: each run stops when the process passes this many
    /// resident bytes (partial figures); by default half the machine's memory,
    /// so that a run stops cleanly rather than being killed by the system.
    var maxMemoryBytes = Int(clamping: ProcessInfo.processInfo.physicalMemory / 2)
    /// Whether `--max-memory` was given (only then does it cap the estimate).
    var maxMemoryGiven = false
    /// `--allow-large`: run what the work estimate refuses.
    var allowsLarge = false

    /// The limits every run of the command gets.
    var limits: RunLimits {
        var limits = RunLimits(maxEvents: maxEvents, maxMemoryBytes: maxMemoryBytes, budget: allowsLarge ? nil : .standard)
        limits.ceilingCapsEstimate = maxMemoryGiven
        return limits
    }
    /// `race`: writer counts, trials, think time and schedule.
    var writerCounts = [1, 2, 4, 8, 16]
    var trials = 200
    var thinkMicros = 50
    var lockstep = false
    /// `benchmark`: users created then updated, and change set and transaction size.
    var records = 100_000
    var batch = 100
    /// `--out DIR`: write report files there.
    var out: String?
    /// `sweep`: varied settings, seeds, shard; `--quiet` (sweep, explore,
    /// check): no progress on stderr.
    var variations: [SweepParameter] = []
    var seeds: [UInt64] = Array(1 ... 30)
    var shard = (index: 1, count: 1)
    var quiet = false
    /// `explore`: minimise each failure (needs `--out`).
    var shrink = false
    /// `explore`: the fault schedule's settings; nil for the defaults.
    var nemesis: ExploreNemesis?
    /// Scenario files or folders, for `run` and `check`; the models, for `lint`.
    var paths: [String] = []
    /// `lint --write-schema FILE`: where to write the model as a scenario.
    var schemaOut: String?
    /// `lint --key Entity.field[,field]`, repeatable: the schema's natural keys.
    var schemaKeys: [String] = []
    /// `lint --format`: its own formats, text by default.
    var lintFormat = LintFormat.text
    /// `lint --assume-cloudkit`, `--schema-version`.
    var lintOptions = LintOptions()
    /// `check --junit FILE`, `explore --junit FILE`: where to write the JUnit XML report.
    var junitPath: String?
    /// `check --filter PATTERN`: only the files whose path or scenario name
    /// contains it.
    var filter: String?
    /// `check --fail-fast`: stop after the first file that fails or breaks.
    var failFast = false
    /// `completions SHELL`: the shell to print a completion script for.
    var shell = CompletionScript.Shell.bash

    /// A usage error: one line naming the argument and what is allowed.
    struct UsageError: Error {
        let message: String
    }

    /// The options `command` accepts, in the order its help lists them:
    /// read from ``CommandHelp``, so that help lists every one.
    static func acceptedOptions(_ command: Command) -> [String] {
        CommandHelp.of(command).acceptedOptions.map(\.name)
    }

    /// The formats a command prints: `check` and `explore` their lines or
    /// one JSON document, `benchmark` its aligned lines or one JSON object,
    /// `sweep` and `merge` their Markdown summary (the default) or one JSON
    /// document; the others a table, Markdown or JSON.
    static func formats(_ command: Command) -> [Format] {
        switch command {
        case .check, .benchmark, .explore: [.table, .json]
        case .sweep, .merge: [.markdown, .json]
        default: Format.allCases
        }
    }

    /// The words `--format` takes for `command`: ``formats(_:)``, or
    /// `lint`'s own (``LintFormat``).
    static func formatNames(_ command: Command) -> [String] {
        command == .lint ? LintFormat.allCases.map(\.rawValue) : formats(command).map(\.rawValue)
    }

    /// `benchmark` holds `--records` × `--replicas` records in memory at once.
    static let benchmarkRecordCopiesLimit = 10_000_000

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments[...]
        if let first = remaining.first, let command = Command(rawValue: first), command != .compare {
            options.command = command
            remaining.removeFirst()
        }
        let allowed = acceptedOptions(options.command)
        let prefix = options.command == .compare ? "simulate" : "simulate \(options.command.rawValue)"

        while let argument = remaining.popFirst() {
            // Accept both `--seed 7` and `--seed=7`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard argument.hasPrefix("-") else {
                guard [.run, .check, .sweep, .merge, .explore, .lint, .completions, .help].contains(options.command) else {
                    let commands = CommandHelp.all.dropFirst().map(\.command.rawValue)
                    // Only the first argument can name a command.
                    let isFirst = remaining.count == arguments.count - 1
                    throw UsageError(message: options.command == .compare
                        ? "unexpected argument '\(argument)'; simulate takes only options: \(allowed.joined(separator: ", ")) "
                            + "(or a command: \(commands.joined(separator: ", ")))" + (isFirst ? Suggestion.didYouMean(argument, among: commands) : "")
                        : "unexpected argument '\(argument)'; \(prefix) takes only options: \(allowed.joined(separator: ", "))")
                }
                options.paths.append(argument)
                continue
            }
            let canonical = name == "-h" ? "--help" : name
            guard allowed.contains(canonical) else {
                let known = Command.allCases.contains { acceptedOptions($0).contains(canonical) }
                throw UsageError(message: (known
                    ? "\(prefix) does not take \(name); it takes \(allowed.joined(separator: ", "))"
                    : "unknown option '\(name)'; \(prefix) takes \(allowed.joined(separator: ", "))")
                    + didYouMean(option: name, among: allowed))
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    let allowed = canonical == "--format"
                        ? "one of \(formatNames(options.command).joined(separator: ", "))"
                        : allowedValues[name] ?? "see 'simulate --help'"
                    throw UsageError(message: "\(name) needs a value: \(allowed)")
                }
                return next
            }
            /// The option's value converted, or the usual "expects … got …" error.
            func parsed<T>(_ convert: (String) -> T?) throws(UsageError) -> T {
                let text = try value()
                guard let result = convert(text) else {
                    throw UsageError(message: "\(name) expects \(allowedValues[name]!), got '\(text)'"
                        + Suggestion.didYouMean(text, among: valueChoices(name, command: options.command) ?? []))
                }
                return result
            }
            func flag() throws(UsageError) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
            }
            func whole(_ range: ClosedRange<Int>) -> (String) -> Int? {
                { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
            }
            switch canonical {
            case "--help":
                try flag()
                options.showHelp = true
            case "--version":
                try flag()
                options.showVersion = true
            case "--replicas": options.replicas = try parsed(whole(replicaRange))
            case "--seed": options.seed = try parsed(Seeds.parse)
            case "--engine": options.engine = try parsed { EngineCatalog.configuration(named: $0) == nil ? nil : $0 }
            case "--preset": options.preset = try parsed { PresetCatalog.preset(named: $0)?.name }
            case "--strategies": options.strategyNames = try parseStrategies(try value())
            case "--format":
                let names = formatNames(options.command)
                let text = try value()
                guard names.contains(text) else {
                    throw UsageError(message: "\(name) expects one of \(names.joined(separator: ", ")), got '\(text)'"
                        + Suggestion.didYouMean(text, among: names))
                }
                if options.command == .lint {
                    options.lintFormat = LintFormat(rawValue: text)!
                } else {
                    options.format = Format(rawValue: text)!
                }
            case "--no-timing":
                try flag()
                options.includesTiming = false
            case "--store": options.store = try parsed { StoreKind(name: $0) }
            case "--concurrency": options.concurrency = try parsed { WriterConcurrency(rawValue: $0) }
            case "--writers":
                options.writerCounts = try parsed { text in
                    let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { whole(1 ... 64)($0.trimmingCharacters(in: .whitespaces)) }
                    return counts.contains(nil) ? nil : counts.map { $0! }
                }
            case "--trials": options.trials = try parsed(whole(1 ... 100_000))
            case "--think-micros": options.thinkMicros = try parsed(whole(0 ... 1_000_000))
            case "--records": options.records = try parsed(whole(1 ... 10_000_000))
            case "--batch": options.batch = try parsed(whole(1 ... 100_000))
            case "--max-events": options.maxEvents = try parsed(whole(1 ... 1_000_000_000_000))
            case "--max-memory":
                options.maxMemoryBytes = try parsed { ByteCountText.bytes($0).flatMap { $0 >= 1 << 20 ? $0 : nil } }
                options.maxMemoryGiven = true
            case "--allow-large":
                try flag()
                options.allowsLarge = true
            case "--out": options.out = try value()
            case "--junit": options.junitPath = try value()
            case "--filter": options.filter = try parsed { $0.isEmpty ? nil : $0 }
            case "--fail-fast":
                try flag()
                options.failFast = true
            case "--write-schema": options.schemaOut = try value()
            case "--key": options.schemaKeys.append(try value())
            case "--assume-cloudkit":
                try flag()
                options.lintOptions.assumesCloudKit = true
            case "--schema-version": options.lintOptions.schemaVersion = try parsed { $0.isEmpty ? nil : $0 }
            case "--quiet":
                try flag()
                options.quiet = true
            case "--vary":
                let variation = try parsed { text -> SweepParameter? in
                    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2, !parts[0].isEmpty else { return nil }
                    let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    return values.contains(where: \.isEmpty) ? nil : SweepParameter(path: parts[0], values: values)
                }
                guard !options.variations.contains(where: { $0.path == variation.path }) else {
                    throw UsageError(message: "--vary names '\(variation.path)' twice; give all its values at once")
                }
                options.variations.append(variation)
            case "--seeds": options.seeds = try parsed(Seeds.parseList)
            case "--nemesis": options.nemesis = try parsed { ExploreNemesis(argument: $0) }
            case "--shrink":
                try flag()
                options.shrink = true
            case "--shard":
                let shard = try parsed { text -> (Int, Int)? in
                    let parts = text.split(separator: "/").map { Int($0) }
                    guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1 ... count).contains(index) else { return nil }
                    return (index, count)
                }
                options.shard = (shard.0, shard.1)
            case "--check-invariants":
                try flag()
                options.checksInvariants = true
            case "--lockstep":
                try flag()
                options.lockstep = true
            default:
                preconditionFailure("option \(canonical) is allowed but not handled")
            }
        }
        if options.command == .help {
            return try helpTopic(options)
        }
        if !options.showHelp && !options.showVersion {
            if options.engine != nil && options.preset != nil {
                throw UsageError(message: "--engine and --preset both choose the stack: a preset sets the engine itself, so give one of them")
            }
            if let preset = options.preset.flatMap(PresetCatalog.preset(named:)), let names = options.strategyNames,
               let refusal = preset.refusal(of: names) {
                throw UsageError(message: "--strategies: \(refusal)")
            }
            switch options.command {
            case .sweep:
                guard options.paths.count == 1 else { throw UsageError(message: "simulate sweep needs exactly one scenario file, such as Scenarios/default.json5") }
                guard !options.variations.isEmpty else { throw UsageError(message: "simulate sweep needs at least one --vary PATH=V1,V2,…") }
                guard options.shard.count == 1 || options.out != nil else { throw UsageError(message: "--shard writes a part file: give --out DIR") }
            case .merge:
                guard !options.paths.isEmpty else { throw UsageError(message: "simulate merge needs the part files that simulate sweep --shard wrote") }
                guard options.out != nil else { throw UsageError(message: "simulate merge needs --out DIR") }
            case .explore:
                guard options.paths.count == 1 else { throw UsageError(message: "simulate explore needs exactly one scenario file, such as Scenarios/crash-restart.json5") }
                guard !options.shrink || options.out != nil else { throw UsageError(message: "--shrink writes a scenario file per failing seed: give --out DIR") }
                guard options.shrink || options.out == nil else { throw UsageError(message: "explore writes files only with --shrink: give --shrink, or leave out --out") }
            case .benchmark:
                guard options.records * options.replicas <= benchmarkRecordCopiesLimit else {
                    throw UsageError(message: "--records \(options.records) × --replicas \(options.replicas) is \(options.records * options.replicas) records "
                        + "in memory at once; benchmark allows at most \(benchmarkRecordCopiesLimit): lower --records or --replicas")
                }
            case .lint:
                guard !options.paths.isEmpty else {
                    throw UsageError(message: "simulate lint needs a model: a .xcdatamodeld or .xcdatamodel folder, or a folder of SwiftData sources")
                }
                guard options.schemaKeys.isEmpty || options.schemaOut != nil else { throw UsageError(message: "--key names a natural key of the scenario --write-schema FILE writes: give --write-schema too") }
            case .completions:
                let shells = CompletionScript.Shell.allCases.map(\.rawValue)
                guard options.paths.count == 1 else {
                    throw UsageError(message: "simulate completions needs one shell: \(shells.joined(separator: ", ")), such as 'simulate completions bash'")
                }
                guard let shell = CompletionScript.Shell(rawValue: options.paths[0]) else {
                    throw UsageError(message: "simulate completions: unknown shell '\(options.paths[0])'; shells: \(shells.joined(separator: ", "))"
                        + Suggestion.didYouMean(options.paths[0], among: shells))
                }
                options.shell = shell
            default:
                break
            }
        }
        if (options.command == .run || options.command == .check) && options.paths.isEmpty && !options.showHelp && !options.showVersion {
            throw UsageError(message: options.command == .run
                ? "simulate run needs at least one scenario file, such as Scenarios/default.json5"
                : "simulate check needs at least one scenario file or folder, such as Scenarios")
        }
        return options
    }

    /// `simulate help` (the overview) or `simulate help CMD`: the same page
    /// as `simulate CMD --help`; `simulate help help` (or `--help`), help's own.
    private static func helpTopic(_ parsed: CommandLineOptions) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.showHelp = true
        if parsed.showHelp {
            options.command = .help
            return options
        }
        let names = CommandHelp.all.dropFirst().map(\.command.rawValue)
        switch parsed.paths.count {
        case 0:
            return options
        case 1:
            let word = parsed.paths[0]
            guard let command = Command(rawValue: word), command != .compare else {
                throw UsageError(message: "simulate help: unknown command '\(word)'; commands: \(names.joined(separator: ", "))"
                    + Suggestion.didYouMean(word, among: names))
            }
            options.command = command
            return options
        default:
            throw UsageError(message: "simulate help takes one command name, such as 'simulate help check'; got '\(parsed.paths.joined(separator: " "))'")
        }
    }

    /// `; did you mean --replicas?` for `--replica`: the dashes aside, so
    /// that they do not count as matching letters.
    static func didYouMean(option name: String, among options: [String]) -> String {
        func bare(_ name: String) -> String { String(name.drop { $0 == "-" }) }
        return Suggestion.closest(to: bare(name), among: options.map(bare)).map { "; did you mean --\($0)?" } ?? ""
    }
}
