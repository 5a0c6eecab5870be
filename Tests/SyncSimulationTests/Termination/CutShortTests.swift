import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// A run that reaches `until` too soon after its last write or heal for
/// sync to finish was cut short, not broken (issue 41): with no fault at
/// all, a write 1 ms before `until` printed LIVENESS FAILURE for `lww` and
/// `crdt`, and explore failed every seed of it. Its liveness is now not
/// judged, as for a run `--max-events` stopped; a real failure still fails.
struct CutShortTests {
    typealias T = ScenarioFileTesting

    /// Three devices, no fault, one write at `writeAt`, the end at `until`.
    static func text(writeAt: String = "999ms", until: String = "1s", settings: String = "") -> String {
        """
        { name: "late-write", replicas: 3, until: "\(until)", \(settings)
          schema: { entities: [ { name: "User", fields: ["email", "name"], unique: [["email"]] } ] },
          steps: [ { at: "\(writeAt)", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann" } } } ] }
        """
    }

    static func run(_ text: String, _ strategy: String, seed: UInt64 = 1) throws -> RunResult {
        let document = try T.parse(text, seed: seed)
        return Simulation.run(scenario: document.scenario, strategy: namedStrategy(strategy), seed: document.seed)
    }

    @Test(arguments: [UInt64(1), 2, 3, 42])
    func aWriteOneMillisecondBeforeTheEndIsNotJudged(seed: UInt64) throws {
        for name in ["lww", "crdt", "dedupe", "lww:field"] {
            let result = try Self.run(Self.text(), name, seed: seed)
            #expect(!result.quiesced, "\(name)")
            #expect(result.liveness == .notJudged, "\(name) seed \(seed): \(result.liveness)")
            #expect(result.stoppedAt == nil, "\(name): the scenario's own end, not a limit")
            let settle: Int64 = name == "dedupe" ? 840_000 + 50_000 + 560_000 : 840_000
            #expect(result.cutShort == RunResult.CutShort(lastWriteOrHealMicros: 999_000, settleMicros: settle), "\(name)")
        }
        #expect(try Self.run(Self.text(), "unique:error", seed: seed).liveness == .notPromised)
    }

    @Test func givenTheTimeSyncNeedsTheSameWriteHolds() throws {
        // 840 ms after the write, sync has finished and the run quiesced.
        for name in ["lww", "crdt"] {
            let result = try Self.run(Self.text(writeAt: "999ms", until: "1839ms"), name)
            #expect(result.quiesced && result.liveness == .held, "\(name): \(result.liveness)")
            #expect(result.cutShort == nil)
        }
    }

    /// The bound, from the scenario's own settings (docs/scenarios.md, "When a run ends").
    @Test func theTimeSyncNeedsComesFromTheSettings() throws {
        func settle(_ settings: String, dedupe: Bool = false) throws -> Int64 {
            SyncSettleTime.micros(try T.parse(Self.text(settings: settings)).scenario, runsDedupePass: dedupe)
        }
        // A round: 100 ms + 20 ms jitter + a request and its reply at 80 ms; ⌈log₂ 3⌉ + 1 rounds.
        #expect(try settle("") == 3 * 280_000)
        #expect(try settle(#"sync: { every: "1s", jitter: "0ms" },"#) == 3 * 1_160_000)
        // Reordering holds a message back by up to one more maximum delay.
        #expect(try settle("network: { reorder: 0.1 },") == 3 * 440_000)
        // A hub: up, then down, then the last reply.
        #expect(try settle(#"topology: "hub","#) == 3 * 280_000)
        // A dedupe pass waits dedupeDelay, then its changes sync again.
        #expect(try settle("", dedupe: true) == 3 * 280_000 + 50_000 + 2 * 280_000)
    }

    @Test func moreDevicesNeedMoreRounds() throws {
        let nine = Self.text().replacingOccurrences(of: "replicas: 3", with: "replicas: 9")
        #expect(SyncSettleTime.micros(try T.parse(nine).scenario, runsDedupePass: false) == 5 * 280_000)
    }

    /// A failure long after the last heal is still a failure: the network
    /// loses all but one message in 10,000 from the start, and 9 s after
    /// the write the devices still differ.
    @Test func aRealFailureStillFails() throws {
        let text = Self.text(writeAt: "1s", until: "10s", settings: "network: { drop: 0.9999 },")
        for name in ["lww", "crdt"] {
            let result = try Self.run(text, name)
            #expect(result.liveness == .failed, "\(name): quiesced \(result.quiesced), diverged \(result.diverged)")
            #expect(result.cutShort == nil)
        }
    }

    @Test func theVerdictOrder() {
        func verdict(quiesced: Bool, converged: Bool, cutShort: Bool) -> Liveness {
            Liveness.verdict(promised: true, stoppedEarly: false, faultsOver: true, networkAlive: true, quiesced: quiesced,
                             converged: converged, cutShort: cutShort)
        }
        #expect(verdict(quiesced: false, converged: false, cutShort: true) == .notJudged)
        // Quiesced yet different is a failure however late the write.
        #expect(verdict(quiesced: true, converged: false, cutShort: true) == .failed)
        #expect(verdict(quiesced: true, converged: true, cutShort: true) == .held)
        #expect(verdict(quiesced: false, converged: false, cutShort: false) == .failed)
        // A fault still in force comes first.
        #expect(Liveness.verdict(promised: true, stoppedEarly: false, faultsOver: false, networkAlive: true, quiesced: false,
                                 converged: false, cutShort: true) == .faultsRemain)
    }
}
