import SyncScenarioFile
@testable import SyncSimulation
import SyncModel
import SyncStore
import Testing

/// The invariant checks must fail when the state is wrong, not only pass
/// when it is right: each test breaks one thing and expects its name.
@Suite struct InvariantDetectionTests {
    /// A replica of `lww` that journals what it applies, as in a run with
    /// invariant checks on.
    static func journaling(_ index: Int, of count: Int) -> PeerReplica {
        let strategy = namedStrategy("lww")
        return PeerReplica(id: ReplicaID(index), replicaCount: count, strategy: strategy,
                       store: MemoryStore(schema: Fixtures.schema, enforcesUniqueness: false),
                       clock: PhysicalClock(), seed: 1, journalsApplies: true)
    }

    static func create(_ email: String, on replica: inout PeerReplica, at micros: Int64) -> ChangeSet {
        let (_, changeSet) = replica.perform(.save([Fixtures.userRow(email)]), atMicros: micros)
        return changeSet!
    }

    @Test func aConsistentReplicaPasses() {
        var a = Self.journaling(0, of: 2)
        var b = Self.journaling(1, of: 2)
        var checker = DeviceChecker(replicas: [a, b])
        let first = Self.create("x@example.com", on: &a, at: 10)
        #expect(b.deliver(first, atMicros: 20) == 1)
        #expect(checker.check(&a, crashed: false) == nil)
        #expect(checker.check(&b, crashed: false) == nil)
        #expect(checker.checks > 0)
    }

    @Test func heldShrinkingWithoutACrashIsCaught() {
        var a = Self.journaling(0, of: 3)
        var b = Self.journaling(1, of: 3)
        var c = Self.journaling(2, of: 3)
        var checker = DeviceChecker(replicas: [a, b, c])
        _ = Self.create("x@example.com", on: &a, at: 10)
        #expect(c.pull(from: a, atMicros: 20) == 1)
        let second = Self.create("y@example.com", on: &c, at: 30)
        // b holds c#1 but cannot apply it before a#1, on which it depends.
        #expect(b.receive([second]) == 1)
        #expect(b.applyHeld(atMicros: 40) == 0)
        #expect(checker.check(&b, crashed: false) == nil)
        #expect(b.crash() == 1)
        var unwarned = checker
        #expect(unwarned.check(&b, crashed: false)?.name == "replica.vectorsGrow")
        #expect(checker.check(&b, crashed: true) == nil)
    }

    @Test func anApplyTheJournalMissedIsCaught() {
        var a = Self.journaling(0, of: 2)
        var b = Self.journaling(1, of: 2)
        var checker = DeviceChecker(replicas: [a, b])
        #expect(b.deliver(Self.create("x@example.com", on: &a, at: 10), atMicros: 11) == 1)
        _ = b.takeAppliedJournal()  // the checker never hears of a#1
        #expect(b.deliver(Self.create("y@example.com", on: &a, at: 20), atMicros: 21) == 1)
        #expect(checker.check(&b, crashed: false)?.name == "replica.applyOnce")
    }

    @Test func anApplyBeforeItsDependencyIsCaught() {
        var a = Self.journaling(0, of: 3)
        var b = Self.journaling(1, of: 3)
        var c = Self.journaling(2, of: 3)
        var checker = DeviceChecker(replicas: [a, b, c])
        let first = Self.create("x@example.com", on: &a, at: 10)
        #expect(c.deliver(first, atMicros: 11) == 1)
        let second = Self.create("y@example.com", on: &c, at: 20)
        #expect(b.deliver(first, atMicros: 21) == 1)
        _ = b.takeAppliedJournal()  // as if a#1 had never been applied
        #expect(b.deliver(second, atMicros: 22) == 1)
        #expect(checker.check(&b, crashed: false)?.name == "replica.causalApply")
    }

    @Test func anApplyWithNoJournalAtAllIsCaught() {
        var a = Self.journaling(0, of: 2)
        var b = makeReplica(namedStrategy("lww"), 1, of: 2)
        var checker = DeviceChecker(replicas: [a, b])
        #expect(b.deliver(Self.create("x@example.com", on: &a, at: 10), atMicros: 11) == 1)
        #expect(checker.check(&b, crashed: false)?.name == "replica.applyJournal")
    }

    @Test func aViolationNamesEverythingNeededToReplayIt() {
        let violation = InvariantViolation(name: "store.uniqueIndex", replica: "r2", atMicros: 2_500_000, scenario: "default",
                                           strategy: "unique:error", seed: 7, detail: "2 live records hold email=x")
        #expect(violation.description
            == "invariant store.uniqueIndex broken on r2 at 2.5s (scenario default, strategy unique:error, seed 7): 2 live records hold email=x")
    }

    /// Checking must observe, never steer: the same figures with checks on
    /// and off, and a count of checks only when on.
    @Test(arguments: ["lww", "dedupe", "crdt", "unique:error", "unique:objectTrump"])
    func checkingChangesNoFigure(strategy name: String) {
        let scenario = DefaultScenario.make(replicas: 3, seed: 4)
        let on = Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: 4, checksInvariants: true)
        let off = Simulation.run(scenario: scenario, strategy: namedStrategy(name), seed: 4, checksInvariants: false)
        let figures = { (result: RunResult) in RunFingerprint(result).figures.filter { !$0.hasPrefix("invariantChecks=") } }
        #expect(figures(on) == figures(off))
        #expect(figures(on).count == RunFingerprint(on).figures.count - 1)
        #expect(on.invariantChecks > on.events)
        #expect(off.invariantChecks == 0)
    }
}

/// The peer engine's invariants and the store audit, as a run applies them
/// to one device after each event.
struct DeviceChecker {
    private var peer: PeerInvariants
    private var stores: InvariantChecker

    init(replicas: [PeerReplica]) {
        peer = PeerInvariants(logs: replicas.map(\.log))
        stores = InvariantChecker(replicaCount: replicas.count)
    }

    var checks: Int { peer.checks + stores.checks }

    mutating func check(_ replica: inout PeerReplica, crashed: Bool) -> InvariantChecker.Problem? {
        peer.check(&replica.log, crashed: crashed) ?? stores.checkStore(replica.node)
    }
}
