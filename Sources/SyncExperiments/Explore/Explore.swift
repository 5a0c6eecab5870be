import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// `simulate explore`: runs a scenario under a seeded random fault schedule
/// per seed (``ExploreNemesis``), and lists the seeds on which an
/// expectation of the file failed, a strategy broke its liveness promise,
/// or an invariant broke. Seeds run in parallel; each run is
/// single-threaded and deterministic, so the outcomes are the same, in the
/// same order, on any machine and any number of cores.
public enum Explore {
    /// What to explore.
    public struct Plan: Sendable {
        /// The scenario file, as given (it names the file in messages and
        /// replay commands).
        public let file: String
        /// The scenario file's text.
        public let text: String
        /// The seeds to run, in the order their outcomes are listed.
        public let seeds: [UInt64]
        /// The fault schedule appended to the scenario.
        public let nemesis: ExploreNemesis
        /// Whether each run checks the simulator's invariants as it goes.
        public let checksInvariants: Bool
        /// The budget the seeds' runs together are held to, and each run's
        /// limits.
        public var limits = RunLimits()

        /// A plan with the default nemesis, checking invariants when ``InvariantChecker/enabledByDefault`` says so.
        public init(file: String, text: String, seeds: [UInt64], nemesis: ExploreNemesis = ExploreNemesis(),
                    checksInvariants: Bool = InvariantChecker.enabledByDefault) {
            self.file = file
            self.text = text
            self.seeds = seeds
            self.nemesis = nemesis
            self.checksInvariants = checksInvariants
        }
    }

    /// The scenario with the nemesis step appended: what each seed runs.
    public struct Target: Sendable {
        /// The scenario file, as given.
        public let file: String
        /// The scenario's `name`.
        public let scenarioName: String
        /// The file's document plus the nemesis step, without a seed.
        public let document: JSON5Value
        /// Where the nemesis step stands in `steps`: the last step.
        public let nemesisStepIndex: Int
        /// The scenario's `until`.
        public let runUntilMicros: Int64
        /// When the nemesis stops: the healed phase is the rest of the run.
        public let nemesisUntilMicros: Int64
        /// The fault schedule of the nemesis step.
        public let nemesis: ExploreNemesis
        /// Whether each run checks the simulator's invariants as it goes.
        public let checksInvariants: Bool
        /// Each of the file's expectations with its line in the file
        /// (``SyncReport/ExpectationLocator``), in the file's order.
        public let expectationLines: [(expectation: Expectation, line: Int)]

        /// The line of `failure`'s expectation in the file; nil for a
        /// liveness or invariant failure.
        public func line(of failure: ExploreFailure) -> Int? {
            guard case .expectation(_, let expectation, _) = failure else { return nil }
            return expectationLines.first { $0.expectation == expectation }?.line
        }

        /// The document of one seed: `document` with `seed: S`, in
        /// decimal digits (a file takes every seed the command line takes).
        public func document(seed: UInt64) -> JSON5Value {
            document.setting("seed", to: .number(String(seed)), after: ["replicas", "description", "name"])
        }

        /// The time the liveness promise is given after the faults end.
        public var healedPhaseMicros: Int64 { runUntilMicros - nemesisUntilMicros }

        /// Each run's limits (``Plan/limits``).
        public var limits = RunLimits()

        var runner: DocumentRunner { DocumentRunner(file: file, checksInvariants: checksInvariants, limits: limits) }
    }

    /// One seed's verdict.
    public struct SeedOutcome: Hashable, Sendable {
        /// The seed that was run.
        public let seed: UInt64
        /// Empty when the seed passed; the first is the one reported and shrunk.
        public let failures: [ExploreFailure]
        /// Real time the seed's runs took, reading the document included:
        /// the one figure that is not reproducible, so two outcomes that
        /// differ only in it are equal.
        public var wallSeconds: Double = 0
        /// Whether any failure was found.
        public var failed: Bool { !failures.isEmpty }

        /// An outcome with the seed's failures, in the order found.
        public init(seed: UInt64, failures: [ExploreFailure], wallSeconds: Double = 0) {
            self.seed = seed
            self.failures = failures
            self.wallSeconds = wallSeconds
        }

        /// Equal when seed and failures are: ``wallSeconds`` is ignored.
        public static func == (left: SeedOutcome, right: SeedOutcome) -> Bool {
            left.seed == right.seed && left.failures == right.failures
        }

        /// Hashes the seed and the failures, not ``wallSeconds``.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(seed)
            hasher.combine(failures)
        }
    }

    /// Checks the file and builds the document each seed runs.
    public static func prepare(_ plan: Plan) throws(ScenarioFileError) -> Target {
        let original = try ScenarioFile.parse(Data(plan.text.utf8), file: plan.file, seed: nil, overrides: [],
                                              sizeCheck: ScenarioSizeCheck(limits: plan.limits))
        let tree: JSON5Value
        do {
            tree = try JSON5Value.parse(plan.text)
        } catch {
            throw ScenarioFileError(file: plan.file, path: "", message: "cannot be edited for exploring: \(error)")
        }
        let runUntil = original.scenario.untilMicros
        let nemesisUntil = plan.nemesis.until(runUntilMicros: runUntil)
        guard nemesisUntil <= runUntil else {
            throw ScenarioFileError(file: plan.file, path: "until", message:
                "the nemesis's until (\(ScenarioFile.durationText(nemesisUntil))) is after the end of the run (\(ScenarioFile.durationText(runUntil))); give --nemesis until=… no later")
        }
        var steps = tree["steps"]?.arrayItems ?? []
        steps.append(plan.nemesis.step(runUntilMicros: runUntil))
        let target = Target(
            file: plan.file, scenarioName: original.scenario.name,
            document: tree.setting("steps", to: .array(steps), after: ["clocks", "sync", "network", "schema", "until", "replicas", "name"]),
            nemesisStepIndex: steps.count - 1, runUntilMicros: runUntil, nemesisUntilMicros: nemesisUntil, nemesis: plan.nemesis,
            checksInvariants: plan.checksInvariants,
            expectationLines: Array(zip(original.expectations, ExpectationLocator.lines(of: original.expectations, in: plan.text))).map { ($0, $1) })
        var limited = target
        limited.limits = plan.limits
        let seed = plan.seeds.first ?? 1
        let document = try limited.runner.read(limited.document(seed: seed), seed: seed)
        let parallel = min(ProcessInfo.processInfo.activeProcessorCount, plan.seeds.count)
        if let refusal = plan.limits.refusal(document.scenario, strategies: document.strategyNames.map { StrategyCatalog.strategy(named: $0)! },
                                             runs: plan.seeds.count, parallel: parallel) {
            throw ScenarioFileError(file: plan.file, path: "", message: "too large with the nemesis over \(plan.seeds.count) seeds: \(refusal)")
        }
        return limited
    }

    /// Runs every seed on every core; the outcomes are in the order of
    /// `seeds`. `progress` is told after each seed (seeds done, seeds in
    /// all), from any thread.
    public static func run(_ target: Target, seeds: [UInt64],
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(ScenarioFileError) -> [SeedOutcome] {
        let done = LockedBox(0)
        let outcomes = parallelMap(seeds) { seed -> Result<SeedOutcome, ScenarioFileError> in
            defer {
                let count = done.withLock { value -> Int in
                    value += 1
                    return value
                }
                progress(count, seeds.count)
            }
            return Result { () throws(ScenarioFileError) -> SeedOutcome in try outcome(target, seed: seed) }
        }
        return try outcomes.map { result throws(ScenarioFileError) in try result.get() }
    }

    /// One seed's run of every strategy, timed. The seed comes from the command
    /// line and is passed as `run` and `sweep` pass theirs, so it is never
    /// read back from the document (and a bad one never blamed on the file).
    public static func outcome(_ target: Target, seed: UInt64) throws(ScenarioFileError) -> SeedOutcome {
        let started = ContinuousClock.now
        let document = try target.runner.read(target.document(seed: seed), seed: seed)
        let failures = target.runner.run(document).failures
        return SeedOutcome(seed: seed, failures: failures, wallSeconds: (ContinuousClock.now - started) / .seconds(1))
    }
}
