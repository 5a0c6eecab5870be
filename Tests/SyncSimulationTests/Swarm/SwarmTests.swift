import Foundation
import SyncModel
import SyncSimulation
import Testing

/// Randomly generated scenarios (``SwarmScenarioGenerator``) under every
/// strategy of the catalog, checking what must hold whatever the scenario
/// (``SwarmRun/problems(_:strategy:)``): liveness after the final heal for
/// the strategies that promise it, no duplicate ever for `crdt` and
/// `unique:*`, none left by `dedupe`.
///
/// By default 200 small scenarios, every strategy each. Invariant checks
/// after every event make a debug run some seven times slower, so the quick
/// swarm runs without them, except that every fourth case also runs one
/// strategy (in rotation, five or six cases each) with them, and that run
/// must give the same figures. `SYNCSIM_RUN_SOAK=1 swift test --filter
/// SwarmTests` adds 2,000 larger scenarios (SYNCSIM_SWARM_SCENARIOS sets
/// how many), every strategy each, one of them (in rotation) also with
/// invariant checks. A failure names the case and its parameters and
/// prints the command that replays it alone, every strategy with
/// invariant checks (``SwarmReplay``).
struct SwarmTests {
    static let quickCount = 200
    static var soakCount: Int { Int(ProcessInfo.processInfo.environment["SYNCSIM_SWARM_SCENARIOS"] ?? "") ?? 2_000 }

    /// `count` strategies in rotation for case `index`, three apart in the
    /// catalog (so a unique policy and a convergent strategy mix).
    static func rotating(_ index: Int, count: Int) -> [String] {
        let names = StrategyCatalog.allNames
        return (0 ..< count).map { names[(index + $0 * 3) % names.count] }
    }

    /// The strategy whose run of quick case `index` checks invariants.
    static func quickChecked(_ index: Int) -> [String] {
        index % 3 == 0 ? rotating(index / 3, count: 1) : []
    }

    @Test(arguments: 0 ..< quickCount)
    func quick(index: Int) {
        SwarmRun.check(SwarmScenarioGenerator.make(.quick, index: index), invariantsOn: Self.quickChecked(index))
    }

    @Test(.enabled(if: SwarmRun.soakEnabled, "set SYNCSIM_RUN_SOAK=1 to run the swarm soak"), arguments: 0 ..< soakCount)
    func soak(index: Int) {
        SwarmRun.check(SwarmScenarioGenerator.make(.soak, index: index), invariantsOn: Self.rotating(index, count: 1))
    }

    /// Every strategy runs with invariant checks in some quick case.
    @Test func invariantChecksRotateThroughEveryStrategy() {
        var counts: [String: Int] = [:]
        for index in 0 ..< Self.quickCount {
            for name in Self.quickChecked(index) { counts[name, default: 0] += 1 }
        }
        #expect(counts.keys.sorted() == StrategyCatalog.allNames.sorted())
        #expect(counts.values.allSatisfy { $0 >= 5 }, "\(counts)")
    }

    /// The promise the swarm checks is the one the strategies make.
    @Test(arguments: StrategyCatalog.allNames)
    func convergentStrategiesAreThoseThatPromise(name: String) throws {
        let strategy = try #require(StrategyCatalog.strategy(named: name))
        #expect(strategy.promisesConvergence == SwarmRun.convergent.contains(name), "\(name)")
    }

    /// The same profile and index give the same scenario; another index
    /// another one. (The draws are the generator's own, never Swift's.)
    @Test func generatorIsDeterministic() {
        for index in [0, 1, 17, 199] {
            let a = SwarmScenarioGenerator.make(.quick, index: index), b = SwarmScenarioGenerator.make(.quick, index: index)
            #expect(a.description == b.description, "quick #\(index)")
            #expect(a.scenario.steps == b.scenario.steps, "quick #\(index)")
            #expect(a.seed == UInt64(index))
        }
        let first = SwarmScenarioGenerator.make(.quick, index: 0), second = SwarmScenarioGenerator.make(.quick, index: 1)
        #expect(first.parameters != second.parameters)
        #expect(SwarmScenarioGenerator.make(.soak, index: 0).parameters != first.parameters)
    }

    /// The quick swarm covers what it claims to: every replica count from
    /// 2 to 8, both topologies, drop rates up to 0.9, duplication and
    /// reordering, one-way lossy links, partitions, crashes (some inside a
    /// partition, some wiping), a nemesis, skewed clocks, imports, creates,
    /// edits, deletes, links and writers; and every fault is over by a
    /// final heal at 5 s at most, with nothing after it.
    @Test func quickSwarmCoversTheSpace() {
        var coverage: [String: Int] = [:]
        for index in 0 ..< Self.quickCount {
            let swarm = SwarmScenarioGenerator.make(.quick, index: index)
            let scenario = swarm.scenario
            let context = "quick #\(index)"
            coverage["replicas \(scenario.replicaCount)", default: 0] += 1
            coverage[scenario.topology.rawValue, default: 0] += 1
            if scenario.topology == .hub { #expect(scenario.hub == ReplicaID(scenario.replicaCount - 1), "\(context)") }
            let settings = [scenario.network] + Array(scenario.links.values)
            #expect(settings.allSatisfy { $0.dropProbability.value <= 0.9 }, "\(context)")
            if settings.contains(where: { $0.dropProbability.value >= 0.8 }) { coverage["drop ≥ 0.8", default: 0] += 1 }
            if scenario.network.duplicateProbability.value > 0 { coverage["duplicate", default: 0] += 1 }
            if scenario.network.reorderProbability.value > 0 { coverage["reorder", default: 0] += 1 }
            if !scenario.links.isEmpty { coverage["link settings", default: 0] += 1 }
            if scenario.clocks.contains(where: { $0.skewMicros != 0 }) { coverage["clock skew", default: 0] += 1 }
            #expect(scenario.schema.entities.allSatisfy { $0.uniqueKeys.count == 1 }, "\(context)")
            #expect(scenario.untilMicros - swarm.finalHealMicros >= 3_595_000_000, "\(context)")

            #expect(swarm.finalHealMicros <= 5_000_000, "\(context)")
            #expect(scenario.steps.last.map { $0.atMicros == swarm.finalHealMicros && $0.action == .heal } == true, "\(context)")
            #expect(zip(scenario.steps, scenario.steps.dropFirst()).allSatisfy { $0.atMicros <= $1.atMicros }, "\(context): steps out of order")
            var partitioned = false
            var down = Array(repeating: false, count: scenario.replicaCount)
            for step in scenario.steps {
                switch step.action {
                case .partition, .partitionEach:
                    partitioned = true
                    coverage["partition", default: 0] += 1
                case .cut:
                    partitioned = true
                    coverage["one-way cut", default: 0] += 1
                case .heal: partitioned = false
                case .crash(let replica, let wipe):
                    #expect(!down[replica.index], "\(context): \(replica) crashes twice")
                    down[replica.index] = true
                    if partitioned { coverage["crash in a partition", default: 0] += 1 }
                    if wipe { coverage["wipe", default: 0] += 1 }
                    coverage["crash", default: 0] += 1
                case .restart(let replica):
                    #expect(down[replica.index], "\(context): \(replica) restarts while up")
                    down[replica.index] = false
                case .seedIfEmpty, .enableSync, .upgrade, .importInBatches, .randomInWindows, .drawn:
                    Issue.record("\(context): the swarm draws no workflow step and no step larger than one event")
                case .nemesis(let settings):
                    #expect(settings.untilMicros <= swarm.finalHealMicros, "\(context): the nemesis outlasts the final heal")
                    coverage["nemesis", default: 0] += 1
                case .intent(let replica, let intent):
                    #expect(replica != scenario.hub, "\(context): an intent on the hub")
                    switch intent {
                    case .save(let rows) where rows.count > 1: coverage["import", default: 0] += 1
                    case .save: coverage["create", default: 0] += 1
                    case .update: coverage["update", default: 0] += 1
                    case .delete: coverage["delete", default: 0] += 1
                    case .link: coverage["link", default: 0] += 1
                    }
                case .writers: coverage["writers", default: 0] += 1
                }
            }
            #expect(!partitioned && !down.contains(true), "\(context): a fault outlasts the final heal")
        }
        var expected = ["mesh", "hub", "drop ≥ 0.8", "duplicate", "reorder", "link settings", "clock skew", "partition",
                        "crash", "crash in a partition", "wipe", "nemesis", "import", "create", "update", "delete", "link", "writers"]
        expected += (2 ... 8).map { "replicas \($0)" }
        for name in expected {
            #expect((coverage[name] ?? 0) > 0, "the quick swarm never has \(name)")
        }
    }
}

/// Runs one swarm case alone, every strategy with invariant checks, and
/// prints its parameters and figures:
/// `SYNCSIM_SWARM_REPLAY=quick:17 swift test --filter SwarmReplay`.
struct SwarmReplay {
    static var request: String? { ProcessInfo.processInfo.environment["SYNCSIM_SWARM_REPLAY"] }

    @Test(.enabled(if: request != nil, "set SYNCSIM_SWARM_REPLAY=PROFILE:INDEX"))
    func replay() throws {
        let parts = (Self.request ?? "").split(separator: ":").map(String.init)
        let profile = try #require(parts.count == 2 ? SwarmProfile.named(parts[0]) : nil, "expected quick:N or soak:N")
        let index = try #require(Int(parts[1]), "expected quick:N or soak:N")
        let swarm = SwarmScenarioGenerator.make(profile, index: index)
        print(swarm)
        for name in StrategyCatalog.allNames {
            guard let result = SwarmRun.run(swarm, name, checksInvariants: true) else { continue }
            let problems = SwarmRun.problems(result, strategy: name)
            print("\(name): \(SwarmRun.summary(result))" + (problems.isEmpty ? "" : "\n  BROKEN: \(problems.joined(separator: "; "))"))
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
        }
    }
}
