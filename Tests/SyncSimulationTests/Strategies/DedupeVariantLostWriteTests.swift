@testable import SyncSimulation
import SyncModel
import Testing

/// Three devices create the same 10 users offline, each edits its own
/// copy, r3 last, and then they sync. Every device's pass keeps the copy
/// with the lowest id. `dedupe:apple` copies no field value from a loser,
/// so r3's edit survives only where r3's copy won: it is lost for every key
/// whose winner another device created (about two thirds of them).
/// `dedupe:merge` copies the loser's newer values, so it loses nothing.
struct DedupeVariantLostWriteTests {
    static let keys = (0 ..< 10).map { "u\($0)@example.com" }

    static func scenario(engine: String) -> Scenario {
        let devices = ScenarioFixtures.replicas(3)
        var steps = [Step(atMicros: 0, .partition(devices.map { [$0] }))]
        for device in devices {
            steps.append(Step(atMicros: 10_000, .intent(device, .save(Self.keys.map { Fixtures.userRow($0, name: "created") }))))
        }
        for device in devices {
            // r1 edits at 100 ms, r2 at 200 ms, r3 at 300 ms: r3's edit is
            // the latest acknowledged write of every key.
            for key in Self.keys {
                steps.append(ScenarioFixtures.update(device.index, at: Int64(device.index + 1) * 100_000,
                                                     Fixtures.emailKey(key), Fixtures.setName("edited on \(device)")))
            }
        }
        steps.append(Step(atMicros: 1_000_000, .heal))
        var scenario = ScenarioFixtures.scenario(replicas: 3, steps: steps)
        if engine == "cloudkit" { scenario.useEngine(CloudKitEngineSettings()) }
        return scenario
    }

    /// Runs and returns the result with every device's final store.
    static func run(_ strategy: String, engine: String, seed: UInt64) throws -> (RunResult, Simulation) {
        var simulation = try Simulation(scenario: scenario(engine: engine), strategy: namedStrategy(strategy), seed: seed)
        let result = try simulation.run()
        return (result, simulation)
    }

    /// Keys whose winner (the lowest id among every copy a device ever
    /// held, deleted ones included) was created on a device other than r3:
    /// worked out from ids and creation stamps, not from the checker.
    static func keysWonByAnotherDevice(_ simulation: Simulation) -> Int {
        let store = simulation.nodes[0].store
        let last = ReplicaID(2)
        return Self.keys.filter { email in
            let copies = store.allRecords().filter { $0.entity == Fixtures.user && $0.value(Fixtures.email) == .string(email) }
            let winner = copies.min { $0.id < $1.id }!
            return winner.creations.first!.replica != last
        }.count
    }

    @Test(arguments: ["peer", "cloudkit"], [UInt64(1), 2, 3])
    func appleLosesTheLastEditWhereAnotherDevicesCopyWon(engine: String, seed: UInt64) throws {
        let (result, simulation) = try Self.run("dedupe:apple", engine: engine, seed: seed)
        #expect(result.quiesced && result.diverged == 0)
        #expect(result.duplicates.final == 0 && result.dangling == 0)
        let expected = Self.keysWonByAnotherDevice(simulation)
        // Three copies per key and random ids: each device wins about a third.
        #expect((3 ... 9).contains(expected), "seed \(seed): \(expected) of 10 won elsewhere")
        #expect(result.lostWrites.fields == expected, "\(engine), seed \(seed)")
        #expect(result.lostWrites.records == 0)
        // What every device shows: r3's edit where r3's copy won, the
        // winner's own edit elsewhere.
        for node in simulation.nodes {
            let shownR3 = node.store.allRecords().filter { $0.isLive && $0.value(Fixtures.userName) == .string("edited on r3") }
            #expect(shownR3.count == 10 - expected, "\(engine), seed \(seed), \(node.id)")
        }
    }

    @Test(arguments: ["peer", "cloudkit"], [UInt64(1), 2, 3])
    func mergeLosesNothing(engine: String, seed: UInt64) throws {
        let (result, simulation) = try Self.run("dedupe:merge", engine: engine, seed: seed)
        #expect(result.quiesced && result.diverged == 0)
        #expect(result.duplicates.final == 0 && result.dangling == 0)
        #expect(result.lostWrites.fields == 0 && result.lostWrites.records == 0, "\(engine), seed \(seed)")
        for node in simulation.nodes {
            let live = node.store.allRecords().filter(\.isLive)
            #expect(live.count == 10)
            #expect(live.allSatisfy { $0.value(Fixtures.userName) == .string("edited on r3") }, "\(engine), seed \(seed), \(node.id)")
        }
    }

    /// `dedupe:deferred` copies no value either: it loses what `dedupe:apple`
    /// loses, after keeping the losers marked for the deferral.
    @Test(arguments: ["peer", "cloudkit"], [UInt64(1), 2, 3])
    func deferredLosesWhatAppleLoses(engine: String, seed: UInt64) throws {
        let (result, simulation) = try Self.run("dedupe:deferred", engine: engine, seed: seed)
        #expect(result.quiesced && result.diverged == 0)
        #expect(result.duplicates.final == 0 && result.dangling == 0 && result.copiesLost == 0)
        #expect(result.lostWrites.fields == Self.keysWonByAnotherDevice(simulation), "\(engine), seed \(seed)")
        let (apple, _) = try Self.run("dedupe:apple", engine: engine, seed: seed)
        #expect(result.lostWrites == apple.lostWrites, "\(engine), seed \(seed)")
        #expect(result.endMicros > apple.endMicros, "the losers wait for the deferral")
    }

    /// The question, on a lossy network (30% drop) over 100 seeds:
    /// does a pass ever leave a device without a live copy of a key, even
    /// for a moment (`copiesLost`: the times the count of a device's copies
    /// of a key its user sees fell from one or more to zero)? No deletion
    /// does, for either variant on either engine: a device receives a
    /// winner no later than a deletion that depends on it (`peer` applies
    /// change sets in causal order; a cloudkit fetch returns the zone's
    /// state at once). A mark can: `dedupe:deferred` hides marked losers,
    /// and on `cloudkit` a `serverRecordChanged` answer to a device's save
    /// of its only copy brings that record marked by another device before
    /// the device has fetched the winner (9 of the 100 runs, pinned).
    /// docs/MODEL.md, "Notes where the sources disagree", says why this
    /// departs from DESIGN.md.
    @Test(arguments: ["peer", "cloudkit"], ["dedupe:apple", "dedupe:deferred"])
    func noPassLeavesADeviceWithoutAKeyOnALossyNetwork(engine: String, strategy: String) throws {
        var lossy = Self.scenario(engine: engine)
        lossy.network.dropProbability = Probability(0.3)
        var runsWithoutACopy = 0
        for seed in UInt64(1) ... 100 {
            let result = Simulation.run(scenario: lossy, strategy: namedStrategy(strategy), seed: seed)
            #expect(result.quiesced && result.duplicates.final == 0, "\(engine) \(strategy) seed \(seed)")
            if result.copiesLost > 0 { runsWithoutACopy += 1 }
        }
        #expect(runsWithoutACopy == (engine == "cloudkit" && strategy == "dedupe:deferred" ? 9 : 0), "\(engine) \(strategy)")
    }

    /// The question again, with paged fetches (`cloudkit.fetchPage`:
    /// each page is saved before the next is asked for, as CKSyncEngine
    /// delivers one zone fetch as several `fetchedRecordZoneChanges`
    /// events) and users who keep editing after the heal (each device edits
    /// each of its users once between 1.2 s and 3.2 s). A save of the
    /// winner made after another device deleted a loser sits after that
    /// delete in the zone's change order, so a device that held only the
    /// loser can take the delete a page before the winner: for that moment
    /// it shows no record of the key. Over 100 seeds at 30% drop, 20
    /// changes a page: `dedupe:apple` and `dedupe:merge` do it in 17 and 16
    /// runs (pinned: a change that moves them says why). `dedupe:deferred`
    /// deletes no loser a device's user still sees, but it hides the losers
    /// it marks, so a device that takes a marked loser before its winner
    /// (the `serverRecordChanged` answer above, or a page ahead of the
    /// winner's) shows no visible copy for a moment: 12 runs (pinned; which
    /// path each took is not broken down).
    @Test func pagedFetchesCanLeaveADeviceWithoutAKey() throws {
        var lossy = Self.scenario(engine: "cloudkit")
        // After the heal, every device keeps editing its users, past the
        // deferral: saves of winners made after another device's deletes.
        for device in ScenarioFixtures.replicas(3) {
            for (index, key) in Self.keys.enumerated() {
                lossy.steps.append(ScenarioFixtures.update(device.index, at: 1_200_000 + Int64(index) * 200_000 + Int64(device.index) * 5_000,
                                                           Fixtures.emailKey(key), Fixtures.setCity("after the heal on \(device)")))
            }
        }
        var settings = CloudKitEngineSettings()
        settings.fetchPage = 20
        lossy.useEngine(settings)
        lossy.network.dropProbability = Probability(0.3)
        var runsWithoutACopy: [String: Int] = [:]
        for strategy in ["dedupe:apple", "dedupe:merge", "dedupe:deferred"] {
            for seed in UInt64(1) ... 100 {
                let result = Simulation.run(scenario: lossy, strategy: namedStrategy(strategy), seed: seed)
                #expect(result.quiesced && result.duplicates.final == 0 && result.diverged == 0, "\(strategy) seed \(seed)")
                if result.copiesLost > 0 { runsWithoutACopy[strategy, default: 0] += 1 }
            }
        }
        #expect(runsWithoutACopy["dedupe:deferred", default: 0] == 12)
        #expect(runsWithoutACopy["dedupe:apple", default: 0] == 17)
        #expect(runsWithoutACopy["dedupe:merge", default: 0] == 16)
    }

    /// Plain `dedupe` is `dedupe:apple` under the name the user typed.
    @Test func plainDedupeIsApple() throws {
        let (plain, _) = try Self.run("dedupe", engine: "peer", seed: 1)
        let (apple, _) = try Self.run("dedupe:apple", engine: "peer", seed: 1)
        #expect(plain.strategy == "dedupe" && apple.strategy == "dedupe:apple")
        #expect(plain.lostWrites == apple.lostWrites && plain.duplicates == apple.duplicates && plain.network == apple.network)
    }
}
