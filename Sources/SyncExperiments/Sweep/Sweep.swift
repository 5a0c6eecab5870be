import Dispatch
import Foundation
import SyncStore
import SyncModel
import SyncScenarioFile
import SyncSimulation

/// A research sweep: a scenario file, a grid of settings × seeds, every
/// strategy at every cell. Runs are independent and each is single-threaded
/// and deterministic, so they run in parallel on every core and the result
/// is the same, byte for byte, as a serial run, a sharded one merged, or a
/// run on another machine.
public enum Sweep {
    /// What to sweep.
    public struct Plan: Sendable {
        /// The scenario file, as given.
        public let file: String
        /// The file's bytes.
        public let data: Data
        /// The settings varied; the first varies slowest.
        public let parameters: [SweepParameter]
        /// The seeds every point runs, in order.
        public let seeds: [UInt64]
        /// Nil: the file's own strategies.
        public let strategies: [String]?
        /// The budget every job's estimate is held to (all jobs' work adds
        /// up; the memory of jobs running at once), and each run's limits.
        public var limits = RunLimits()

        /// A plan of `parameters` × `seeds`; nil `strategies` runs the file's own.
        public init(file: String, data: Data, parameters: [SweepParameter], seeds: [UInt64], strategies: [String]?) {
            self.file = file
            self.data = data
            self.parameters = parameters
            self.seeds = seeds
            self.strategies = strategies
        }

        /// Every combination of parameter values, the first parameter
        /// varying slowest.
        public var points: [SweepPoint] {
            var combinations: [[String]] = [[]]
            for parameter in parameters {
                combinations = combinations.flatMap { prefix in parameter.values.map { prefix + [$0] } }
            }
            return combinations.enumerated().map { SweepPoint(index: $0.offset, values: $0.element) }
        }

        /// `network.drop=0.1, engine=peer`: a point as a user reads it.
        public func describe(_ point: SweepPoint) -> String {
            zip(parameters, point.values).map { "\($0.path)=\($1)" }.joined(separator: ", ")
        }

        /// The settings a point overrides, in parameter order.
        public func settings(_ point: SweepPoint) -> [(path: String, value: String)] {
            zip(parameters, point.values).map { (path: $0.path, value: $1) }
        }

        /// One job per point and seed, in point order then seed order.
        public var jobCount: Int { points.count * seeds.count }
    }

    /// The raw figures of the jobs run: what a shard writes and a merge reads.
    public struct Runs: Sendable {
        /// The scenario's `name`.
        public let scenario: String
        /// The plain strategy names run, in order.
        public let strategies: [String]
        /// The variants every strategy runs at every point, in the preset's
        /// order (``ScenarioVariant``); empty when the scenario has none.
        public let variants: [String]
        /// Per job index: per run (``runs``), per metric (``Metric/allCases``
        /// order), each metric's ``Metric/figure(in:)``.
        public var values: [Int: [[Double?]]]

        /// The figures of the jobs in `values`; a scenario without variants passes none.
        public init(scenario: String, strategies: [String], variants: [String] = [], values: [Int: [[Double?]]]) {
            self.scenario = scenario
            self.strategies = strategies
            self.variants = variants
            self.values = values
        }

        /// The columns of every job: each strategy, once per variant.
        public var runs: [SweepRun] { SweepRun.plan(strategies: strategies, variants: variants) }
    }

    /// Checks that every point's document reads and that every point runs
    /// the same columns, and returns the scenario name, the strategies and
    /// the variants run: the parts of a plan that errors live in.
    public static func validate(_ plan: Plan) throws(ScenarioFileError) -> (scenario: String, strategies: [String], variants: [String]) {
        let (name, strategies, variants, _) = try read(plan)
        return (name, strategies, variants)
    }

    /// ``validate(_:)``, and every point's scenario as read: a file is read
    /// once per point, and each job draws its workload from its own seed
    /// when it runs (``SyncSimulation/Scenario/drawingWorkload(seed:)``).
    private static func read(_ plan: Plan) throws(ScenarioFileError)
        -> (scenario: String, strategies: [String], variants: [String], points: [Scenario]) {
        // Two equal points would be the same runs twice, and on `sqlite:DIR`
        // would need the same files at the same time.
        for parameter in plan.parameters {
            if let value = parameter.values.indices.first(where: { parameter.values[..<$0].contains(parameter.values[$0]) }) {
                throw ScenarioFileError(file: plan.file, path: "", message: "--vary \(parameter.path) lists '\(parameter.values[value])' twice; "
                    + "give each value once")
            }
        }
        var name = ""
        var loaded: [LoadedPoint] = []
        for point in plan.points {
            let document = try load(plan, point: point, seed: plan.seeds.first ?? 1)
            name = document.scenario.name
            let strategies = plan.strategies ?? document.strategyNames
            let variants = document.scenario.variants.map(\.name)
            let planned = SweepRun.of(Comparison.plan(scenario: document.scenario, strategies: strategies.map { StrategyCatalog.strategy(named: $0)! }))
            precondition(planned == SweepRun.plan(strategies: strategies, variants: variants), "a sweep's columns are the comparison's runs")
            loaded.append(LoadedPoint(point: point, scenario: document.scenario, strategies: strategies, variants: variants))
        }
        try checkBudget(plan, loaded)
        // Presets run different strategies, and some run each once per
        // variant; a sweep compares one list of runs.
        for (earlier, later) in zip(loaded, loaded.dropFirst()) where earlier.strategies != later.strategies {
            throw ScenarioFileError(file: plan.file, path: "", message: "the points run different strategies: "
                + "\(earlier.strategies.joined(separator: ", ")) at \(plan.describe(earlier.point)); "
                + "\(later.strategies.joined(separator: ", ")) at \(plan.describe(later.point)). Give --strategies naming ones every point runs")
        }
        for (earlier, later) in zip(loaded, loaded.dropFirst()) where earlier.variants != later.variants {
            throw ScenarioFileError(file: plan.file, path: "", message: differentVariants(plan, earlier, later, all: loaded))
        }
        return (name, loaded.first?.strategies ?? [], loaded.first?.variants ?? [], loaded.map(\.scenario))
    }

    /// Refuses a sweep whose jobs together are too large: every point's
    /// work times its seeds, and the memory of the largest job times the
    /// jobs that run at once (one per core).
    private static func checkBudget(_ plan: Plan, _ loaded: [LoadedPoint]) throws(ScenarioFileError) {
        guard let budget = plan.limits.budget else { return }
        var largest = WorkEstimate(), work = 0.0
        let parallel = min(ProcessInfo.processInfo.activeProcessorCount, plan.jobCount)
        for point in loaded {
            let estimate = plan.limits.estimate(point.scenario, strategies: point.strategies.map { StrategyCatalog.strategy(named: $0)! },
                                                runs: plan.seeds.count, parallel: parallel)
            if let refusal = estimate.refusal(budget) {
                throw ScenarioFileError(file: plan.file, path: "", message: "too large at \(plan.describe(point.point)): \(refusal)")
            }
            work += estimate.work
            if estimate.bytes > largest.bytes { largest = estimate }
        }
        // Every job's work adds up; the largest job sets the memory and names the terms.
        var total = largest
        total.work = work
        if let refusal = total.refusal(budget) {
            throw ScenarioFileError(file: plan.file, path: "", message: "too large: the sweep's \(plan.jobCount) jobs together: \(refusal)")
        }
    }

    /// A point as ``validate(_:)`` read it.
    private struct LoadedPoint {
        let point: SweepPoint
        let scenario: Scenario
        let strategies: [String]
        let variants: [String]
    }

    /// Why points `a` and `b` cannot share a sweep, and the `--vary` that
    /// pins the reading of every preset with variants at every point
    /// instead: a scenario whose own settings choose the reading runs no
    /// variants (``StackPreset/variants(over:own:)``).
    private static func differentVariants(_ plan: Plan, _ a: LoadedPoint, _ b: LoadedPoint, all: [LoadedPoint]) -> String {
        func side(_ loaded: LoadedPoint) -> String {
            (loaded.variants.isEmpty ? "none" : loaded.variants.joined(separator: ", ")) + " at \(plan.describe(loaded.point))"
        }
        let message = "the points run different variants: \(side(a)); \(side(b)). "
            + "A preset runs each strategy once per reading of a behaviour no source settles, and a sweep compares one list of runs"
        // One `--vary` per setting a reading sets, its values in reading
        // order, for every preset with variants, in point order.
        var varies: [String] = []
        var engines: [String] = []
        for loaded in all where !loaded.variants.isEmpty {
            guard let preset = loaded.scenario.preset, !preset.unknowns.isEmpty,
                  let settingsKey = EngineCatalog.entry(named: preset.engine)?.settingsKey else { continue }
            if !engines.contains(preset.engine) { engines.append(preset.engine) }
            for unknown in preset.unknowns {
                for key in Set(unknown.readings.flatMap { $0.settings.map(\.name) }).sorted() {
                    var values: [String] = []
                    for reading in unknown.readings {
                        if let value = reading.settings.first(where: { $0.name == key })?.valueText, !values.contains(value) { values.append(value) }
                    }
                    let vary = "--vary \(settingsKey).\(key)=\(values.joined(separator: ","))"
                    if !varies.contains(vary) { varies.append(vary) }
                }
            }
        }
        guard !varies.isEmpty else { return message }
        // A `preset` override drops every engine setting made before it.
        let pin = varies.joined(separator: " ") + (plan.parameters.contains { $0.path == "preset" } ? ", given after --vary preset=…," : "")
        // An engine's settings fit only a point that runs it.
        if engines.count == 1, let other = all.first(where: { $0.scenario.engine.name != engines[0] }) {
            return message + ": pin the reading with \(pin) in a sweep whose points all run the \(engines[0]) engine "
                + "(\(plan.describe(other.point)) runs \(other.scenario.engine.name)); that sweep runs the readings as "
                + (varies.count == 1 ? "a parameter" : "parameters")
        }
        return message + ": pin the reading at every point with \(pin) "
            + (varies.count == 1 ? "which runs the readings as a parameter" : "which run the readings as parameters")
    }

    /// Runs the jobs of shard `shard` (1-based) of `shards`: job `j` belongs
    /// to shard `j % shards + 1`. `progress` is told (jobs done, jobs in this
    /// shard) once before the first job starts, with none done, then after
    /// each job, from any thread. On `sqlite:DIR` each
    /// point's runs get their own folder (``StoreKind/forSweepPoint(_:)``)
    /// and each run its own files, so parallel jobs and shards never meet.
    public static func run(_ plan: Plan, shard: Int = 1, of shards: Int = 1, store: StoreKind = .memory,
                           checksInvariants: Bool = InvariantChecker.enabledByDefault,
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(ScenarioFileError) -> Runs {
        precondition(shards >= 1 && (1 ... shards).contains(shard), "bad shard")
        let (scenario, strategyNames, variants, pointScenarios) = try read(plan)
        let columns = SweepRun.plan(strategies: strategyNames, variants: variants)
        let points = plan.points
        let jobs = (0 ..< plan.jobCount).filter { $0 % shards == shard - 1 }
        let results = LockedBox<[Int: [[Double?]]]>([:])
        let done = LockedBox(0)
        let failure = LockedBox<String?>(nil)
        progress(0, jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { position in
            let job = jobs[position]
            let point = points[job / plan.seeds.count]
            let seed = plan.seeds[job % plan.seeds.count]
            do {
                let strategies = strategyNames.map { StrategyCatalog.strategy(named: $0)! }
                let pointStore = try store.forSweepPoint(plan.settings(point))
                var scenario = pointScenarios[point.index]
                plan.limits.apply(to: &scenario)
                let runs = try Comparison.run(scenario: scenario, strategies: strategies, seed: seed, store: pointStore,
                                              checksInvariants: checksInvariants)
                // Every point runs the same columns (``validate(_:)``), and a
                // preset's variants do not depend on the seed.
                precondition(runs.map { SweepRun(strategy: $0.strategy, variant: $0.variant) } == columns,
                             "job \(job) ran other columns than the sweep's")
                let values = runs.map { result in Metric.allCases.map { $0.figure(in: result) } }
                results.withLock { $0[job] = values }
            } catch {
                failure.withLock { $0 = $0 ?? "\(error)" }
            }
            let count = done.withLock { value -> Int in
                value += 1
                return value
            }
            progress(count, jobs.count)
        }
        if let message = failure.withLock({ $0 }) {
            throw ScenarioFileError(file: plan.file, path: "", message: "a sweep run failed: \(message)")
        }
        return Runs(scenario: scenario, strategies: strategyNames, variants: variants, values: results.withLock { $0 })
    }

    /// The summaries of complete runs (every job present).
    public static func summarize(_ plan: Plan, _ runs: Runs) -> SweepResult {
        precondition(runs.values.count == plan.jobCount, "summarize needs every job: \(runs.values.count) of \(plan.jobCount)")
        let points = plan.points
        let columns = runs.runs
        var rows: [SweepRow] = []
        for point in points {
            for (column, run) in columns.enumerated() {
                for (metricIndex, metric) in Metric.allCases.enumerated() {
                    let values = plan.seeds.indices.compactMap { seedIndex in
                        let job = runs.values[point.index * plan.seeds.count + seedIndex]!
                        precondition(job.count == columns.count, "a job holds one list of figures per run")
                        return metric.value(figure: job[column][metricIndex])
                    }
                    rows.append(SweepRow(point: point, strategy: run.strategy, variant: run.variant, metric: metric, summary: MetricSummary(values)))
                }
            }
        }
        return SweepResult(scenario: runs.scenario, file: plan.file, parameters: plan.parameters, seeds: plan.seeds,
                           runs: columns, points: points, rows: rows)
    }

    /// `--strategies` replaces the file's list before the point's stack
    /// refuses anything (as for `run`), so a `--vary preset=…` point is held
    /// to the strategies that will run; its refusal names the point.
    static func load(_ plan: Plan, point: SweepPoint, seed: UInt64) throws(ScenarioFileError) -> ScenarioDocument {
        do {
            return try ScenarioFile.parse(plan.data, file: plan.file, seed: seed, overrides: plan.settings(point), strategies: plan.strategies,
                                          sizeCheck: ScenarioSizeCheck(limits: plan.limits, strategyNames: plan.strategies,
                                                                       place: "at \(plan.describe(point))"))
        } catch where error.path.isEmpty && error.argument == nil && error.message.hasPrefix("--strategies: ") {
            throw ScenarioFileError(file: plan.file, path: "", message: "at \(plan.describe(point)): \(error.message)")
        }
    }
}
