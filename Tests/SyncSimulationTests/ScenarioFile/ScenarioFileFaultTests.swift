import SyncModel
import SyncSimulation
import Testing

/// Crashes, wipes, the nemesis and the hub topology, through small
/// hand-written scenarios over the fixture schema on a network that loses
/// nothing by itself, so that every loss is the fault's doing.
struct ScenarioFileFaultTests {
    static let r1 = ReplicaID(0), r2 = ReplicaID(1), r3 = ReplicaID(2)

    static func scenario(_ names: [String], topology: Topology = .mesh, delayMicros: Int64 = 1_000,
                         steps: [Step]) -> Scenario {
        var scenario = Scenario(
            name: "faults", description: "hand-written fault scenario", replicaNames: names, schema: Fixtures.schema,
            network: NetworkSettings(delayMinMicros: delayMicros, delayMaxMicros: delayMicros),
            sync: SyncSettings(intervalMicros: 100_000, jitterMicros: 20_000, fanout: 1),
            untilMicros: 30_000_000, steps: steps)
        scenario.topology = topology
        return scenario
    }

    static func save(_ replica: ReplicaID, at micros: Int64, _ row: Row) -> Step {
        Step(atMicros: micros, .intent(replica, .save([row])))
    }

    static func run(_ scenario: Scenario, _ strategy: String, seed: UInt64 = 1) -> RunResult {
        Simulation.run(scenario: scenario, strategy: namedStrategy(strategy), seed: seed)
    }

    static let strategies = ["lww", "dedupe", "crdt", "unique:objectTrump"]

    // MARK: Crash

    /// r2 saves while cut off, crashes and restarts before the partition
    /// heals: what it committed survives and reaches r1.
    @Test(arguments: strategies)
    func crashKeepsTheCommittedStore(strategy: String) {
        func steps(wipe: Bool) -> [Step] {
            [
                Step(atMicros: 0, .partition([[Self.r1], [Self.r2]])),
                Self.save(Self.r2, at: 100_000, Fixtures.userRow("e@x.org", name: "B")),
                Step(atMicros: 500_000, .crash(Self.r2, wipe: wipe)),
                Step(atMicros: 800_000, .restart(Self.r2)),
                Step(atMicros: 1_000_000, .heal),
            ]
        }
        let kept = Self.run(Self.scenario(["r1", "r2"], steps: steps(wipe: false)), strategy)
        #expect(kept.lostWrites.total == 0)
        #expect(kept.diverged == 0)
        #expect(kept.convergenceMicros != nil)
        #expect(kept.changeSets == 1)
        #expect(kept.intentsWhileDown == 0)
        #expect(kept.duplicates.final == 0)
        #expect(kept.quiesced)

        // The same with a wipe: the unsynced save is gone from everywhere.
        let wiped = Self.run(Self.scenario(["r1", "r2"], steps: steps(wipe: true)), strategy)
        #expect(wiped.lostWrites.records == 1)
        #expect(wiped.lostWrites.fields == 1, "the lost user's name (key fields are the record's identity)")
        #expect(wiped.changeSets == 0, "the wiped replica's own change sets are gone for good")
        #expect(wiped.diverged == 0, "both replicas are empty")
        #expect(wiped.quiesced)
    }

    /// Messages are slower (200 ms) than a sync round (100 ms ± 20 ms), so
    /// at any moment r2 has a request in flight. A crash and restart at one
    /// instant loses them; nothing else is ever lost on this network. (A
    /// later save keeps the run going past the crash: a run that has
    /// quiesced ends with its messages undelivered, and so not lost.)
    @Test(arguments: strategies)
    func crashLosesMessagesInFlight(strategy: String) {
        let base = [
            Self.save(Self.r1, at: 0, Fixtures.userRow("a@x.org", name: "A")),
            Self.save(Self.r1, at: 1_500_000, Fixtures.userRow("b@x.org", name: "B")),
        ]
        let faults = [Step(atMicros: 1_000_000, .crash(Self.r2, wipe: false)), Step(atMicros: 1_000_000, .restart(Self.r2))]
        let calm = Self.run(Self.scenario(["r1", "r2"], delayMicros: 200_000, steps: base), strategy)
        let crashed = Self.run(Self.scenario(["r1", "r2"], delayMicros: 200_000,
                                             steps: (base + faults).sorted { $0.atMicros < $1.atMicros }), strategy)
        #expect(calm.network.dropped == 0)
        #expect(crashed.network.dropped >= 1, "a message in flight at the crash is lost")
        #expect(crashed.intentsWhileDown == 0)
        for result in [calm, crashed] {
            #expect(result.lostWrites.total == 0)
            #expect(result.diverged == 0)
            #expect(result.convergenceMicros != nil)
            #expect(result.quiesced)
        }
    }

    /// While r2 is down, messages to it are lost, and r1's save reaches it
    /// after the restart.
    @Test(arguments: strategies)
    func aDownReplicaCatchesUpAfterItsRestart(strategy: String) {
        let steps = [
            Step(atMicros: 1_000_000, .crash(Self.r2, wipe: false)),
            Self.save(Self.r1, at: 1_500_000, Fixtures.userRow("a@x.org", name: "A")),
            Step(atMicros: 3_000_000, .restart(Self.r2)),
        ]
        let result = Self.run(Self.scenario(["r1", "r2"], steps: steps), strategy)
        #expect(result.network.dropped >= 1, "r1's requests to the down r2")
        #expect(result.lostWrites.total == 0)
        #expect(result.diverged == 0)
        #expect(result.changeSets == 1)
        #expect(result.quiesced)
        #expect(result.endMicros > 3_000_000)
    }

    @Test(arguments: strategies)
    func intentsOnADownReplicaAreCountedAndNotSaved(strategy: String) {
        func steps(crash: Bool) -> [Step] {
            let fault = crash ? [Step(atMicros: 100_000, .crash(Self.r2, wipe: false)), Step(atMicros: 300_000, .restart(Self.r2))] : []
            return (fault + [
                Self.save(Self.r2, at: 200_000, Fixtures.userRow("down1@x.org", name: "D1")),
                Self.save(Self.r2, at: 250_000, Fixtures.userRow("down2@x.org", name: "D2")),
                Self.save(Self.r1, at: 400_000, Fixtures.userRow("up@x.org", name: "U")),
            ]).sorted { $0.atMicros < $1.atMicros }
        }
        let down = Self.run(Self.scenario(["r1", "r2"], steps: steps(crash: true)), strategy)
        #expect(down.intentsWhileDown == 2)
        #expect(down.changeSets == 1, "only r1's save was made")
        #expect(down.lostWrites.total == 0, "an intent never acknowledged is not a lost write")
        #expect(down.diverged == 0)
        #expect(down.duplicates.peak == 0)

        let up = Self.run(Self.scenario(["r1", "r2"], steps: steps(crash: false)), strategy)
        #expect(up.intentsWhileDown == 0)
        #expect(up.changeSets == 3)
        #expect(up.lostWrites.total == 0)
    }

    // MARK: Wipe

    /// r3 holds the synced user A, then, cut off, creates B and edits A's
    /// city, and is wiped before it can sync: B and the edit are lost, A
    /// comes back from the others.
    @Test(arguments: strategies)
    func wipeLosesUnsyncedWritesAndSyncedDataComesBack(strategy: String) {
        func steps(wipe: Bool) -> [Step] {
            [
                Self.save(Self.r1, at: 0, Fixtures.userRow("a@x.org", name: "A", city: "Oslo")),
                Step(atMicros: 1_000_000, .partition([[Self.r1, Self.r2], [Self.r3]])),
                Self.save(Self.r3, at: 1_100_000, Fixtures.userRow("b@x.org", name: "B")),
                Step(atMicros: 1_150_000, .intent(Self.r3, .update(key: Fixtures.emailKey("a@x.org"), writes: [Fixtures.setCity("Lyon")]))),
                Step(atMicros: 1_500_000, .crash(Self.r3, wipe: wipe)),
                Step(atMicros: 1_700_000, .restart(Self.r3)),
                Step(atMicros: 2_000_000, .heal),
            ]
        }
        let wiped = Self.run(Self.scenario(["r1", "r2", "r3"], steps: steps(wipe: true)), strategy)
        #expect(wiped.lostWrites.records == 1, "user B")
        #expect(wiped.lostWrites.fields == 2, "B's name and A's new city")
        #expect(wiped.diverged == 0, "r3 gets A back")
        #expect(wiped.convergenceMicros != nil)
        #expect(wiped.resurrected == 0)
        #expect(wiped.duplicates.final == 0)
        #expect(wiped.changeSets == 1, "r3's two change sets are gone for good")
        #expect(wiped.quiesced)

        let kept = Self.run(Self.scenario(["r1", "r2", "r3"], steps: steps(wipe: false)), strategy)
        #expect(kept.lostWrites.total == 0)
        #expect(kept.diverged == 0)
        #expect(kept.changeSets == 3)
    }

    // MARK: Nemesis

    static func nemesisScenario(nemesis: Bool) -> Scenario {
        var steps: [Step] = []
        if nemesis {
            steps.append(Step(atMicros: 0, .nemesis(NemesisSettings(
                everyMicros: 200_000, untilMicros: 3_000_000,
                partitionProbability: Probability(0.5), crashProbability: Probability(0.3)))))
        }
        for k in 0 ..< 8 {
            for i in 0 ..< 4 {
                steps.append(Self.save(ReplicaID(i), at: Int64(k) * 150_000 + Int64(i) * 7_000,
                                       Fixtures.userRow("u\(k)@x.org", name: "r\(i + 1)-\(k)")))
            }
        }
        return scenario(["r1", "r2", "r3", "r4"], steps: steps.sorted { $0.atMicros < $1.atMicros })
    }

    @Test(arguments: ["lww", "crdt"])
    func nemesisRunsAreDeterministicAndSeeded(strategy: String) {
        let scenario = Self.nemesisScenario(nemesis: true)
        let first = Self.run(scenario, strategy, seed: 3)
        let second = Self.run(scenario, strategy, seed: 3)
        let other = Self.run(scenario, strategy, seed: 4)
        #expect(RunFingerprint(first) == RunFingerprint(second))
        #expect(RunFingerprint(first) != RunFingerprint(other))
        // The nemesis did something: this network loses nothing by itself.
        let calm = Self.run(Self.nemesisScenario(nemesis: false), strategy, seed: 3)
        #expect(calm.network.dropped == 0)
        #expect(first.network.dropped > 0)
        #expect(other.network.dropped > 0)
        // Everything heals at `until`, and sync converges after it.
        for result in [first, other] {
            #expect(result.quiesced)
            #expect(result.diverged == 0)
            #expect(result.endMicros >= 3_000_000)
        }
    }

    // MARK: Hub

    /// Clients cut off from the hub but not from each other: in a hub
    /// topology nothing reaches anyone, since clients never talk directly.
    @Test(arguments: strategies)
    func hubClientsNeverTalkToEachOther(strategy: String) {
        let steps = [
            Step(atMicros: 0, .partition([[Self.r1, Self.r2], [Self.r3]])),
            Self.save(Self.r1, at: 100_000, Fixtures.userRow("a@x.org", name: "A")),
            Self.save(Self.r2, at: 100_000, Fixtures.userRow("b@x.org", name: "B")),
        ]
        let hub = Self.scenario(["phone", "ipad", "hub"], topology: .hub, steps: steps)
        #expect(hub.hub == Self.r3)
        let star = Self.run(hub, strategy)
        #expect(star.network.sent > 0)
        #expect(star.network.delivered == 0, "every message goes to or from the hub")
        #expect(star.network.dropped == star.network.sent)
        #expect(star.diverged == 2, "phone, ipad and hub each hold something different")
        #expect(star.convergenceMicros == nil)
        #expect(star.changeSets == 2)

        // The same partition in a mesh: the two clients sync with each other.
        let mesh = Self.run(Self.scenario(["phone", "ipad", "hub"], topology: .mesh, steps: steps), strategy)
        #expect(mesh.network.delivered > 0)
        #expect(mesh.diverged == 1, "only the cut-off third replica differs")
    }

    /// With the hub reachable, clients sync through it.
    @Test(arguments: strategies)
    func hubClientsSyncThroughTheHub(strategy: String) {
        let steps = [
            Self.save(Self.r1, at: 100_000, Fixtures.userRow("a@x.org", name: "A")),
            Self.save(Self.r2, at: 100_000, Fixtures.userRow("b@x.org", name: "B")),
        ]
        let result = Self.run(Self.scenario(["phone", "ipad", "hub"], topology: .hub, steps: steps), strategy)
        #expect(result.diverged == 0)
        #expect(result.convergenceMicros != nil)
        #expect(result.lostWrites.total == 0)
        #expect(result.network.dropped == 0)
        #expect(result.quiesced)
    }
}

/// `cut` steps and per-link network settings in a scenario file.
@Suite struct ScenarioFileLinkTests {
    typealias T = ScenarioFileTesting

    @Test func aCutStepNamesSendersAndReceivers() throws {
        let document = try T.parse(T.steps(#"{ at: "1s", cut: { from: "r1", to: ["r2", "r3"] } }"#))
        #expect(document.scenario.steps.map(\.action) == [.cut(from: [ReplicaID(0)], to: [ReplicaID(1), ReplicaID(2)])])
    }

    @Test func aBadCutIsNamed() {
        T.expectFailure(T.steps(#"{ at: "1s", cut: { from: "r1" } }"#), "t.json5: steps[0].cut: missing required key 'to'")
        T.expectFailure(T.steps(#"{ at: "1s", cut: { from: [], to: "r2" } }"#), "t.json5: steps[0].cut.from: expected at least one replica")
        T.expectFailure(T.steps(#"{ at: "1s", cut: { from: ["r1", "r1"], to: "r2" } }"#), "t.json5: steps[0].cut.from[1]: replica 'r1' is listed twice")
    }

    @Test func linksTakeUnsetSettingsFromTheNetwork() throws {
        let document = try T.parse(T.document(#"network: { drop: 0.1, delay: ["1ms", "2ms"], links: [{ from: "r1", to: ["r2", "r3"], drop: 1 }] }"#))
        let scenario = document.scenario
        #expect(scenario.links.count == 2)
        let link = scenario.links[Network.Link(from: ReplicaID(0), to: ReplicaID(1))]
        #expect(link?.dropProbability.isCertain == true)
        #expect(link?.delayMaxMicros == 2_000)
        #expect(scenario.links[Network.Link(from: ReplicaID(1), to: ReplicaID(0))] == nil)
    }

    @Test func aLinkSetTwiceIsAnError() {
        T.expectFailure(T.document(#"network: { links: [{ from: "r1", to: "r2", drop: 1 }, { from: ["r1"], to: "r2" }] }"#),
                        "t.json5: network.links[1]: the link r1 -> r2 is set twice")
    }
}
