import Dispatch
import Foundation
import SyncStore

/// A research sweep: a scenario file, a grid of settings × seeds, every
/// strategy at every cell. Runs are independent and each is single-threaded
/// and deterministic, so they run in parallel on every core and the result
/// is the same, byte for byte, as a serial run, a sharded one merged, or a
/// run on another machine.
public enum Sweep {
    /// What to sweep.
    public struct Plan: Sendable {
        public let file: String
        public let data: Data
        public let parameters: [SweepParameter]
        public let seeds: [UInt64]
        /// Nil: the file's own strategies.
        public let strategies: [String]?

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
        public let scenario: String
        public let strategies: [String]
        /// Per job index: per strategy, per metric (``Metric/allCases`` order).
        public var values: [Int: [[Double?]]]

        public init(scenario: String, strategies: [String], values: [Int: [[Double?]]]) {
            self.scenario = scenario
            self.strategies = strategies
            self.values = values
        }
    }

    /// Checks that every point's document reads, and returns the scenario
    /// name and the strategies run: the parts of a plan that errors live in.
    public static func validate(_ plan: Plan) throws(ScenarioFileError) -> (scenario: String, strategies: [String]) {
        // Two equal points would be the same runs twice, and on `sqlite:DIR`
        // would need the same files at the same time.
        for parameter in plan.parameters {
            if let value = parameter.values.indices.first(where: { parameter.values[..<$0].contains(parameter.values[$0]) }) {
                throw ScenarioFileError(file: plan.file, path: "", message: "--vary \(parameter.path) lists '\(parameter.values[value])' twice; "
                    + "give each value once")
            }
        }
        var name = ""
        var strategies: (list: [String], point: SweepPoint)?
        for point in plan.points {
            let document = try load(plan, point: point, seed: plan.seeds.first ?? 1)
            name = document.scenario.name
            if let names = plan.strategies, let refusal = document.scenario.preset?.refusal(of: names) {
                throw ScenarioFileError(file: plan.file, path: "", message: "at \(plan.describe(point)): --strategies: \(refusal)")
            }
            let pointStrategies = plan.strategies ?? document.strategyNames
            // Presets run different strategies; a sweep compares one list.
            if let earlier = strategies, earlier.list != pointStrategies {
                throw ScenarioFileError(file: plan.file, path: "", message: "the points run different strategies: "
                    + "\(earlier.list.joined(separator: ", ")) at \(plan.describe(earlier.point)); "
                    + "\(pointStrategies.joined(separator: ", ")) at \(plan.describe(point)). Give --strategies naming ones every point runs")
            }
            strategies = (pointStrategies, point)
        }
        return (name, strategies?.list ?? [])
    }

    /// Runs the jobs of shard `shard` (1-based) of `shards`: job `j` belongs
    /// to shard `j % shards + 1`. `progress` is told after each job (jobs
    /// done, jobs in this shard), from any thread. On `sqlite:DIR` each
    /// point's runs get their own folder (``StoreKind/forSweepPoint(_:)``)
    /// and each run its own files, so parallel jobs and shards never meet.
    public static func run(_ plan: Plan, shard: Int = 1, of shards: Int = 1, store: StoreKind = .memory,
                           checksInvariants: Bool = InvariantChecker.enabledByDefault,
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(ScenarioFileError) -> Runs {
        precondition(shards >= 1 && (1 ... shards).contains(shard), "bad shard")
        let (scenario, strategyNames) = try validate(plan)
        let points = plan.points
        let jobs = (0 ..< plan.jobCount).filter { $0 % shards == shard - 1 }
        let results = LockedBox<[Int: [[Double?]]]>([:])
        let done = LockedBox(0)
        let failure = LockedBox<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { position in
            let job = jobs[position]
            let point = points[job / plan.seeds.count]
            let seed = plan.seeds[job % plan.seeds.count]
            do {
                let document = try load(plan, point: point, seed: seed)
                let strategies = strategyNames.map { StrategyCatalog.strategy(named: $0)! }
                let pointStore = try store.forSweepPoint(plan.settings(point))
                let runs = try Comparison.run(scenario: document.scenario, strategies: strategies, seed: seed, store: pointStore,
                                              checksInvariants: checksInvariants)
                let values = runs.map { result in Metric.allCases.map { $0.value(in: result) } }
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
        return Runs(scenario: scenario, strategies: strategyNames, values: results.withLock { $0 })
    }

    /// The summaries of complete runs (every job present).
    public static func summarize(_ plan: Plan, _ runs: Runs) -> SweepResult {
        precondition(runs.values.count == plan.jobCount, "summarize needs every job: \(runs.values.count) of \(plan.jobCount)")
        let points = plan.points
        var rows: [SweepRow] = []
        for point in points {
            for (strategyIndex, strategy) in runs.strategies.enumerated() {
                for (metricIndex, metric) in Metric.allCases.enumerated() {
                    let values = plan.seeds.indices.compactMap { seedIndex in
                        runs.values[point.index * plan.seeds.count + seedIndex]![strategyIndex][metricIndex]
                    }
                    rows.append(SweepRow(point: point, strategy: strategy, metric: metric, summary: MetricSummary(values)))
                }
            }
        }
        return SweepResult(scenario: runs.scenario, file: plan.file, parameters: plan.parameters, seeds: plan.seeds,
                           strategies: runs.strategies, points: points, rows: rows)
    }

    static func load(_ plan: Plan, point: SweepPoint, seed: UInt64) throws(ScenarioFileError) -> ScenarioDocument {
        try ScenarioFile.parse(plan.data, file: plan.file, seed: seed, overrides: plan.settings(point))
    }
}
