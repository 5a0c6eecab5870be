import SyncSimulation

/// One command as help describes it: what it takes, what it does, every
/// option it accepts (the parser's list comes from here), and an example.
/// `simulate CMD --help` and `simulate help CMD` print it.
struct CommandHelp {
    let command: CommandLineOptions.Command
    /// What follows the command's name before the options: `FILE...`.
    let operands: String
    /// One line for the overview's list of commands.
    let summary: String
    /// A paragraph or two, already wrapped, for the command's own page.
    let description: String
    /// Every option the command takes, in the order help lists them;
    /// `--help` (every command) and `--version` (no command) are added by
    /// ``acceptedOptions``.
    let options: [OptionHelp]
    let example: String

    /// `simulate run`, or `simulate` for the built-in scenario.
    var invocation: String {
        command == .compare ? "simulate" : "simulate \(command.rawValue)"
    }

    /// Every option the parser accepts for the command, help's own included.
    var acceptedOptions: [OptionHelp] {
        options + [.help] + (command == .compare ? [.version] : [])
    }

    static func of(_ command: CommandLineOptions.Command) -> CommandHelp {
        guard let help = all.first(where: { $0.command == command }) else { preconditionFailure("no help for \(command)") }
        return help
    }

    /// In the order the overview lists them.
    static let all: [CommandHelp] = [
        CommandHelp(
            command: .compare, operands: "",
            summary: "run the built-in default scenario once per strategy, all from one seed",
            description: """
            Runs the built-in default scenario once per strategy, all from one seed: N replicas
            start partitioned from each other; each imports the same 100 users (email unique)
            and makes 50 random edits; at 2 s the partition heals, over a network that drops 10%
            and duplicates 5% of messages with 5–80 ms of delay. The run ends when it is quiesced
            (nothing scheduled or possible can change any replica), or at 60 s of virtual time
            with "did not quiesce" warned and "quiesced": false in JSON. The same arguments give
            the same figures on any machine.
            """,
            options: [.replicas, OptionHelp.seed.described("seed of every random draw, 0 to 2^64-1 (default 1)"),
                      OptionHelp.engine.described("\(EngineCatalog.allNames.joined(separator: " or ")) (default peer; see ENGINES); not with --preset"),
                      OptionHelp.preset.described("a stack you could ship; sets the engine and topology (see PRESETS)"),
                      OptionHelp.strategies.described("strategies to run, comma-separated, in order (default: the first eight below)"),
                      .format, .noTiming, .store, .concurrency,
                      OptionHelp.out.described("also write report.md, report.json, report.csv and report.html to DIR"),
                      .quiet, .checkInvariants, .maxEvents, .maxMemory, .allowLarge],
            example: "simulate --replicas 5 --strategies lww,crdt --format json"),
        CommandHelp(
            command: .run, operands: "FILE...",
            summary: "run scenario files and report each like the default scenario, expectations checked",
            description: """
            Runs scenario files (.json5, see Scenarios/README.md) and reports each like the
            default scenario, with the file's expectations checked. Several files give several
            reports. Exit status 1 when an expectation fails, as with check.
            """,
            options: [.seed, .engine, .preset, .strategies, .format, .noTiming, .store, .concurrency, .out, .quiet, .checkInvariants, .maxEvents, .maxMemory, .allowLarge],
            example: "simulate run Scenarios/offline-field-edits.json5 --preset sqlitedata"),
        CommandHelp(
            command: .check, operands: "FILE|DIR...",
            summary: "check the expectations of scenario files or folders: what a CI job calls",
            description: """
            Runs the expectations of scenario files, or of every .json5 file in a folder and its
            subfolders, under the strategies they name: one PASS or FAIL line each, then
            "N passed, M failed". A file that cannot be parsed gets an ERROR line and the other
            files still run (not with --fail-fast). Two files with one scenario name are refused
            (exit 2, naming both): their lines and --out folders would be the same. Exit status
            2 if a file was broken, else 1 if an expectation failed, else 0. With
            GITHUB_ACTIONS=true in the environment, each failure also prints
            ::error file=FILE,line=LINE::message, an annotation on the expectation's line.
            """,
            options: [.seed, .engine, .preset, .store,
                      OptionHelp.format.described("table (default: a PASS, FAIL or ERROR line each) or json (one document)"),
                      .junit, .junitNoTiming, .out, .filter, .failFast, .quiet, .checkInvariants, .maxEvents, .maxMemory, .allowLarge],
            example: "simulate check Scenarios --junit check.xml"),
        CommandHelp(
            command: .explore, operands: "FILE",
            summary: "run a scenario file under a seeded random fault schedule, seed by seed",
            description: """
            Runs a scenario file once per seed with a seeded random fault schedule added: a
            nemesis from 0 s to half the file's 'until' (so the second half is a healed phase)
            that every 300 ms heals the network or, with probability 0.5, splits the replicas in
            two at random, and with probability 0.2 crashes a running replica for one period:
            --nemesis every=300ms,until=<half the file's until>,partition=0.5,crash=0.2.
            On every seed it checks the file's expectations and the liveness promise (after the
            faults end, a strategy that promises to converge does so before 'until'), prints a
            FAIL line per failing seed with the command that replays it, then "N passed, M
            failed"; exit status 1 when a seed failed. Seeds (any of 0 to 2^64-1) run on every
            core; the output is in seed order and the same on every run. --shrink minimises each
            failing seed's first failure into a plain scenario file that 'simulate check'
            reproduces (at most 500 runs per seed) and a SHRUNK line gives its sizes before and
            after: the file fails with the faults explore found, written out as steps, and passes
            without them, as the original does; when no smaller file does both, it says so and
            writes the scenario as explored. --format json prints one document instead (per
            seed: verdict, failures, replay, shrunk file); --junit FILE writes a test case per
            seed. With GITHUB_ACTIONS=true in the environment, each failing seed also prints
            ::error file=FILE,line=LINE::message on its failing expectation's line (else line 1).
            """,
            options: [OptionHelp.seeds.described("a range or a comma-separated list of seeds, 0 to 2^64-1 (default 1..30)"),
                      .nemesis, .shrink,
                      OptionHelp.out.described("where --shrink writes DIR/<scenario>-seed-<S>.json5"),
                      OptionHelp.format.described("table (default: a FAIL line per failing seed) or json (one document)"),
                      OptionHelp.junit.described("also write JUnit XML to FILE (a case per seed, timed)"),
                      .junitNoTiming, .quiet, .checkInvariants, .maxEvents, .maxMemory, .allowLarge],
            example: "simulate explore Scenarios/clock-skew.json5 --seeds 1..50 --shrink --out found --junit explore.xml"),
        CommandHelp(
            command: .race, operands: "",
            summary: "real threads: how often concurrent writers leave a duplicate, per strategy",
            description: """
            Real threads (Dispatch): W writers create the same key at once on one replica, T
            times, per strategy and W, and it prints how often a duplicate was left and the mean
            number left. Threads decide, so figures vary from run to run.
            """,
            options: [.writers, .trials, .thinkMicros, .lockstep,
                      OptionHelp.strategies.described("strategies to run, comma-separated (default: the eight in 'simulate help')"),
                      .format],
            example: "simulate race --writers 8 --trials 50 --lockstep --strategies dedupe,unique:error,crdt"),
        CommandHelp(
            command: .sweep, operands: "FILE",
            summary: "a grid of settings × seeds for one scenario file, with confidence intervals",
            description: """
            Runs one scenario file over a grid of settings × seeds: any setting by its path
            (network.drop, replicas, sync.fanout, steps[1].import.count …), every strategy at
            every point; per point, strategy and metric: mean, standard deviation, min, max and a
            95% Student's t interval. Runs on every core and prints a Markdown summary.
            """,
            options: [OptionHelp.vary.required().repeatable(),
                      OptionHelp.seeds.described("the seeds of every point, a range or a comma-separated list (default 1..30)"),
                      OptionHelp.strategies,
                      OptionHelp.store.described("memory (default), sqlite (in memory), sqlite:DIR (DIR/PATH=VALUE/SCENARIO/…)"),
                      .shard,
                      OptionHelp.out.described("also write the sweep's Markdown, JSON, CSV and HTML files to DIR"),
                      OptionHelp.format.described("markdown (default: the summary) or json (the document sweep.json holds)"),
                      .quiet, .checkInvariants, .maxEvents, .maxMemory, .allowLarge],
            example: "simulate sweep Scenarios/default.json5 --vary network.drop=0,0.1,0.2 --seeds 1..30 --out sweep"),
        CommandHelp(
            command: .merge, operands: "PART...",
            summary: "combine the part files of a sharded sweep into the files one run writes",
            description: """
            Combines the part files that 'simulate sweep --shard K/N --out DIR' wrote into the
            same files, byte for byte, that one unsharded sweep writes.
            """,
            options: [OptionHelp.out.described("write the sweep's Markdown, JSON, CSV and HTML files to DIR").required(),
                      OptionHelp.format.described("markdown (default: the summary) or json (the document sweep.json holds)")],
            example: "simulate merge parts/sweep-part-*-of-8.json --out sweep"),
        CommandHelp(
            command: .benchmark, operands: "",
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
            options: [.records,
                      OptionHelp.replicas.described("replicas that each apply every change set, 1 to 500 (default 5)"),
                      OptionHelp.batch.described("records per change set and per SQLite transaction, 1 to 100000 (default 100)"),
                      OptionHelp.format.described("table (default: aligned lines) or json (one object)"),
                      OptionHelp.store.described("sqlite:DIR: SQLite files in a new folder under DIR; else a temporary folder")],
            example: "swift run -c release simulate benchmark --records 100000 --replicas 5"),
        CommandHelp(
            command: .lint, operands: "MODEL...",
            summary: "what a Core Data model or SwiftData sources will fail with CloudKit",
            description: """
            Reads an app's data model, a Core Data .xcdatamodeld (its current version) or
            .xcdatamodel, or a folder of SwiftData sources, and reports as
            FILE:LINE: error|warning|note: message [rule] what NSPersistentCloudKitContainer
            refuses at launch (unique constraints, attributes neither optional nor defaulted,
            required, ordered or inverse-less relationships, the Deny delete rule), then the
            natural keys and which strategies fit the model. A folder is searched for every
            .xcdatamodeld and the @Model sources under it; several models (several paths, or a
            folder holding more than one) each get a "== PATH (KIND)" line before their report.
            A model that does not sync as written (not marked Used with CloudKit, a local
            configuration or store, entitlements without CloudKit) gets notes for what would
            fail, not errors; --assume-cloudkit checks it as synced. Exit status 1 when an error
            was found in any model (warnings and notes alone exit 0), whatever the format. With
            GITHUB_ACTIONS=true in the environment, the text also gives each finding as
            ::error file=FILE,line=LINE,title=lint RULE::message (::warning for a warning,
            ::notice for a note), an annotation on its line. Sources: docs/sources/lint-rules.md.
            --write-schema FILE writes the model as a scenario for simulate run FILE: on each
            entity with a natural key (a unique constraint, or --key where a CloudKit model has
            none), two devices import the same 10 records offline, a third imports them late
            before its first sync, and two edit them offline. Its expect list says what that
            leaves: lww 20 duplicates per keyed entity, dedupe 0 after its pass, crdt none.
            """,
            options: [OptionHelp.format.described("text (default), json (one document) or sarif (SARIF 2.1.0, for code scanning)"),
                      .assumeCloudKit, .schemaVersion,
                      OptionHelp.junit.described("also write JUnit XML to FILE (a suite per model, a case per error)"),
                      OptionHelp.writeSchema.described("also write the model as a scenario that makes duplicates (one model only)"),
                      .key],
            example: "simulate lint MyApp/Model.xcdatamodeld --write-schema model.json5"),
        CommandHelp(
            command: .completions, operands: "bash|zsh|fish",
            summary: "print a completion script for bash, zsh or fish",
            description: """
            Prints a completion script for bash, zsh or fish: the commands, each command's options,
            and the values of those that take a name (strategies, engines, presets, formats,
            stores), read from the tables this help is printed from, so a script never lags the
            binary that wrote it. Load it once per shell:
              bash  source <(simulate completions bash), in ~/.bashrc
              zsh   simulate completions zsh > ~/.zfunc/_simulate, with ~/.zfunc in fpath
                    before compinit runs
              fish  simulate completions fish > ~/.config/fish/completions/simulate.fish
            """,
            options: [],
            example: "simulate completions zsh > ~/.zfunc/_simulate"),
        CommandHelp(
            command: .help, operands: "[COMMAND]",
            summary: "the overview, or a command's usage, options and an example",
            description: """
            Prints the overview (commands, strategies, engines, presets, exit statuses), or with
            a command's name the same page as 'simulate COMMAND --help'.
            """,
            options: [],
            example: "simulate help check"),
    ]
}
