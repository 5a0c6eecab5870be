import SyncExperiments
import SyncSimulation

/// `simulate explore FILE`: seeded fault schedules over one scenario file.
struct ExploreOptions: CommandOptions {
    var paths: [String] = []
    var seeds: [UInt64] = Array(1 ... 30)
    /// `--nemesis`: the fault schedule's settings; nil for the defaults.
    var nemesis: ExploreNemesis?
    /// `--shrink`: minimise each failure (needs `--out`).
    var shrink = false
    var out: String?
    var format = OutputFormat.table
    var junitPath: String?
    /// False (`--no-timing`): every JUnit `time` is 0.
    var includesTiming = true
    var quiet = false
    var checksInvariants = checksInvariantsByDefault
    var limits = RunLimitOptions()

    static var options: [Option<Self>] {
        [
            .seeds(\.seeds),
            .value("--nemesis", \.nemesis, .nemesis, "the fault schedule: every=D,until=D,partition=P,crash=P (defaults above)"),
            .flag("--shrink", \.shrink, "minimise each failing seed into a scenario file under --out DIR"),
            Option.out(\.out).described("where --shrink writes DIR/<scenario>-seed-<S>.json5"),
            .format(\.format, [.table, .json], "table (default: a FAIL line per failing seed) or json (one document)"),
            Option.junit(\.junitPath).described("also write JUnit XML to FILE (a case per seed, timed)"),
            .junitNoTiming(\.includesTiming),
        ] + Option.runControls(quiet: \.quiet, checksInvariants: \.checksInvariants, limits: \.limits)
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .explore, operands: "FILE",
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
        options: options,
        example: "simulate explore Scenarios/clock-skew.json5 --seeds 1..50 --shrink --out found --junit explore.xml")

    func validate() throws(UsageError) {
        guard paths.count == 1 else { throw UsageError(message: "simulate explore needs exactly one scenario file, such as Scenarios/crash-restart.json5") }
        guard !shrink || out != nil else { throw UsageError(message: "--shrink writes a scenario file per failing seed: give --out DIR") }
        guard shrink || out == nil else { throw UsageError(message: "explore writes files only with --shrink: give --shrink, or leave out --out") }
    }

    func run() {
        ExploreCommands.explore(self)
    }
}
