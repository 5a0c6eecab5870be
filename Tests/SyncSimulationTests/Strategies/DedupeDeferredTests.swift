@testable import SyncSimulation
import SyncModel
import Testing

/// Why Apple's sharing sample defers the delete. r1, offline, creates the
/// tag "sale"; r3 creates its own copy and a product, and syncs. Then r3
/// goes offline and r1 comes back: r1 sees both copies and runs its pass,
/// while r3, which has never seen r1's copy, tags its product with its
/// own, the loser. Under `dedupe:apple` that copy is already deleted when
/// the link arrives, so the link dangles for good. Under `dedupe:deferred`
/// the copy is only marked; the next pass moves the link to the winner,
/// and the copy is deleted once `dedupeDeferral` (1 s) has passed
/// (`dedupeDeferUntil: "time"`). With the default, the sample's rule
/// without its 60 s margin, r1 deletes the copy after its next export and
/// import with r2, before r3's link arrives: the link dangles as under
/// `dedupe:apple` (docs/MODEL.md, "Dedupe pass").
struct DedupeDeferredTests {
    /// The first id a device's app draws (its first record, the tag).
    static func firstID(_ device: Int, seed: UInt64) -> RecordID {
        var ids = Xoshiro256StarStar(seed: seed, stream: "ids.\(ReplicaID(device))")
        return RecordID(high: ids.next(), low: ids.next())
    }

    /// A seed under which r1's tag has the lower id: r3's copy loses.
    static let seed: UInt64 = (1 ... 100).first { firstID(0, seed: $0) < firstID(2, seed: $0) }!

    static func scenario(engine: String, deferUntil: DedupeDeferUntil = .time) -> Scenario {
        let (r1, r3) = (ReplicaID(0), ReplicaID(2))
        let steps = [
            Step(atMicros: 0, .partition([[r1]])),
            ScenarioFixtures.save(0, at: 10_000, Fixtures.tagRow("sale")),
            ScenarioFixtures.save(2, at: 10_000, Fixtures.tagRow("sale")),
            ScenarioFixtures.save(2, at: 20_000, Fixtures.productRow("A1", price: 5)),
            Step(atMicros: 300_000, .partition([[r3]])),
            Step(atMicros: 500_000, .intent(r3, .link(key: Fixtures.skuKey("A1"), relation: Fixtures.tags, target: Fixtures.tagKey("sale")))),
            Step(atMicros: 800_000, .heal),
        ]
        var scenario = ScenarioFixtures.scenario(replicas: 3, steps: steps)
        if engine == "cloudkit" { scenario.useEngine(CloudKitEngineSettings()) }
        scenario.dedupeDeferUntil = deferUntil
        return scenario
    }

    /// Waiting only for the next export and import protects no link that
    /// comes later than those: r1 syncs with r2 at once after its pass.
    @Test(arguments: ["peer", "cloudkit"])
    func exportAndImportAloneDoesNotWaitForALateLink(engine: String) {
        let deferred = Simulation.run(scenario: Self.scenario(engine: engine, deferUntil: .exportAndImport),
                                      strategy: namedStrategy("dedupe:deferred"), seed: Self.seed)
        #expect(deferred.quiesced && deferred.duplicates.final == 0 && deferred.markedLosers.final == 0)
        #expect(deferred.dangling == 1 && deferred.links == 0, "\(engine), seed \(Self.seed)")
    }

    @Test(arguments: ["peer", "cloudkit"])
    func aLateLinkToALoserDanglesUnderAppleButMovesUnderDeferred(engine: String) throws {
        let apple = Simulation.run(scenario: Self.scenario(engine: engine), strategy: namedStrategy("dedupe:apple"), seed: Self.seed)
        #expect(apple.quiesced && apple.duplicates.final == 0)
        #expect(apple.dangling == 1 && apple.links == 0, "\(engine), seed \(Self.seed)")

        var simulation = try Simulation(scenario: Self.scenario(engine: engine), strategy: namedStrategy("dedupe:deferred"), seed: Self.seed)
        let deferred = try simulation.run()
        #expect(deferred.quiesced && deferred.diverged == 0 && deferred.duplicates.final == 0)
        #expect(deferred.dangling == 0 && deferred.links == 1, "\(engine), seed \(Self.seed)")
        let winner = Self.firstID(0, seed: Self.seed), loser = Self.firstID(2, seed: Self.seed)
        for node in simulation.nodes {
            #expect(node.store.record(winner)?.isLive == true)
            #expect(node.store.record(loser)?.isLive == false)
            let product = try #require(node.store.liveRecordIDs(holding: Fixtures.skuKey("A1")).first.flatMap { node.store.record($0) })
            #expect(product.relations[Fixtures.tags].elements == [winner], "\(engine) \(node.id)")
        }
        // The loser stays, marked, for the deferral: the run ends after it.
        #expect(deferred.endMicros > apple.endMicros)
    }

    /// The mark is a field the app keeps on every keyed entity, after the
    /// scenario's own; the other variants' stores hold the schema as it is.
    @Test func onlyDeferredAddsTheMarkField() {
        let deferred = namedStrategy("dedupe:deferred").storeSchema(for: Fixtures.schema)
        #expect(deferred[Fixtures.tag].fields == ["name", "deduplicatedDate"])
        #expect(deferred[Fixtures.user].fields == ["email", "name", "city", "deduplicatedDate"])
        #expect(namedStrategy("dedupe:apple").storeSchema(for: Fixtures.schema) == Fixtures.schema)
    }
}
