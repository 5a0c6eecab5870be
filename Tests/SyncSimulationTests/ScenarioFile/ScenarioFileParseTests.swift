import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// What a scenario file that checks out turns into: defaults, every
/// setting, and the expansion of the timeline into plain steps.
struct ScenarioFileParseTests {
    typealias T = ScenarioFileTesting

    // MARK: Defaults and settings

    @Test func minimalDocumentGetsEveryDefault() throws {
        let document = try T.parse(#"{ name: "x" }"#)
        let scenario = document.scenario
        #expect(document.file == "t.json5")
        #expect(scenario.name == "x")
        #expect(scenario.description == "")
        #expect(scenario.replicaNames == ["r1", "r2", "r3"])
        #expect(document.seed == 1)
        #expect(scenario.topology == .mesh)
        #expect(scenario.hub == nil)
        #expect(scenario.untilMicros == 60_000_000)
        #expect(scenario.schema == DefaultScenario.schema)
        #expect(scenario.schema == Schema(entities: [
            EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
        ]))
        #expect(document.strategyNames == StrategyCatalog.defaultNames)
        #expect(document.strategyNames == [
            "unique:error", "unique:objectTrump", "unique:storeTrump", "unique:overwrite", "unique:rollback",
            "lww", "dedupe", "crdt",
        ])
        #expect(scenario.steps.isEmpty)
        #expect(document.expectations.isEmpty)
        #expect(scenario.network == NetworkSettings(delayMinMicros: 5_000, delayMaxMicros: 80_000))
        #expect(scenario.network.dropProbability == .never)
        #expect(scenario.sync == SyncSettings(intervalMicros: 100_000, jitterMicros: 20_000, fanout: 1))
        #expect(scenario.clocks == Array(repeating: PhysicalClock(), count: 3))
        #expect(scenario.dedupeDelayMicros == 50_000)
        #expect(scenario.links.isEmpty)
    }

    @Test func json5CommentsTrailingCommasAndUnquotedKeysAreAccepted() throws {
        let text = """
        // A line comment before the document.
        {
          /* a block
             comment */
          name: "commented", // after a member
          "description": "quoted key",
          replicas: ["a", "b",],
          steps: [
            { at: "0s", heal: true, },
          ],
        }
        """
        let document = try T.parse(text)
        #expect(document.scenario.name == "commented")
        #expect(document.scenario.description == "quoted key")
        #expect(document.scenario.replicaNames == ["a", "b"])
        #expect(document.scenario.steps == [Step(atMicros: 0, .heal)])
    }

    @Test func everySettingIsRead() throws {
        let document = try T.parse("""
        {
          name: "full",
          description: "every setting",
          replicas: 4,
          seed: 42,
          until: "90s",
          network: { drop: 0.1, duplicate: 0.05, reorder: 0.2, delay: ["1ms", "2ms"] },
          sync: { every: "250ms", jitter: "50ms", fanout: 2 },
          dedupeDelay: "10ms",
          strategies: ["crdt", "lww:field", "lww"],
          expect: [
            { strategy: "lww", metric: "duplicates.final", equals: 400 },
            { strategy: "*", metric: "convergenceSeconds", max: 1.5 },
            { strategy: "crdt", metric: "network.bytes", min: 1, max: 2 },
            { strategy: "lww:field", metric: "lostWritesDetail.fields", min: 0 },
          ],
        }
        """)
        let scenario = document.scenario
        #expect(scenario.name == "full")
        #expect(scenario.description == "every setting")
        #expect(scenario.replicaNames == ["r1", "r2", "r3", "r4"])
        #expect(document.seed == 42)
        #expect(scenario.untilMicros == 90_000_000)
        #expect(scenario.network == NetworkSettings(
            dropProbability: Probability(0.1), duplicateProbability: Probability(0.05),
            reorderProbability: Probability(0.2), delayMinMicros: 1_000, delayMaxMicros: 2_000))
        #expect(scenario.sync == SyncSettings(intervalMicros: 250_000, jitterMicros: 50_000, fanout: 2))
        #expect(scenario.dedupeDelayMicros == 10_000)
        #expect(document.strategyNames == ["crdt", "lww:field", "lww"])
        #expect(document.expectations == [
            Expectation(strategy: "lww", metric: .duplicatesFinal, bound: .equals(400)),
            Expectation(strategy: "*", metric: .convergenceSeconds, bound: .range(min: nil, max: 1.5)),
            Expectation(strategy: "crdt", metric: .networkBytes, bound: .range(min: 1, max: 2)),
            Expectation(strategy: "lww:field", metric: .lostFieldWrites, bound: .range(min: 0, max: nil)),
        ])
    }

    @Test func syncJitterDefaultsToAFifthOfAShortInterval() throws {
        let short = try T.parse(T.document(#"sync: { every: "50ms" }"#))
        #expect(short.scenario.sync == SyncSettings(intervalMicros: 50_000, jitterMicros: 10_000, fanout: 1))
        let long = try T.parse(T.document(#"sync: { every: "1s" }"#))
        #expect(long.scenario.sync == SyncSettings(intervalMicros: 1_000_000, jitterMicros: 20_000, fanout: 1))
    }

    @Test func replicasAsAListOfNames() throws {
        let document = try T.parse(T.document(#"replicas: ["phone", "ipad", "mac"]"#))
        #expect(document.scenario.replicaNames == ["phone", "ipad", "mac"])
        #expect(document.scenario.clocks.count == 3)
        let one = try T.parse(T.document("replicas: 1"))
        #expect(one.scenario.replicaNames == ["r1"])
        let many = try T.parse(T.document("replicas: 500"))
        #expect(many.scenario.replicaCount == 500)
        #expect(many.scenario.replicaNames.last == "r500")
    }

    @Test func hubTopologyAppendsTheHubAndAllLeavesItOut() throws {
        let document = try T.parse("""
        {
          name: "h", replicas: ["phone", "ipad"], topology: "hub",
          steps: [
            { at: "0s", on: "all", create: { entity: "User", fields: { email: "a@x.org" } } },
            { at: "0s", partition: "each" },
            { at: "1s", on: "hub", delete: { entity: "User", key: { email: "a@x.org" } } },
          ],
        }
        """)
        let scenario = document.scenario
        #expect(scenario.replicaNames == ["phone", "ipad", "hub"])
        #expect(scenario.topology == .hub)
        #expect(scenario.hub == ReplicaID(2))
        #expect(scenario.clocks.count == 3)
        let row = Row(entity: T.user, writes: [FieldWrite(field: 0, value: .string("a@x.org"))])
        #expect(scenario.steps == [
            Step(atMicros: 0, .intent(ReplicaID(0), .save([row]))),
            Step(atMicros: 0, .intent(ReplicaID(1), .save([row]))),
            Step(atMicros: 0, .partitionEach),
            Step(atMicros: 1_000_000, .intent(ReplicaID(2), .delete(key: T.emailKey("a@x.org")))),
        ])
        // In a mesh, "all" is everyone.
        let mesh = try T.parse(T.steps(#"{ at: "0s", on: "all", create: { entity: "User", fields: { email: "a" } } }"#))
        #expect(mesh.scenario.steps.compactMap { T.intent(of: $0)?.replica } == [ReplicaID(0), ReplicaID(1), ReplicaID(2)])
    }

    @Test func durationsParseExactly() throws {
        let document = try T.parse(T.steps("""
            { at: "1.5s", heal: true },
            { at: "250us", heal: true },
            { at: "0.3s", heal: true },
            { at: "80ms", heal: true },
            { at: "2.5ms", heal: true },
            { at: "0.000001s", heal: true },
            { at: "7µs", heal: true },
            { at: "1.250000s", heal: true },
            { at: "0s", heal: true },
            { at: "3 s", heal: true },
        """))
        #expect(document.scenario.steps.map(\.atMicros) == [0, 1, 7, 250, 2_500, 80_000, 300_000, 1_250_000, 1_500_000, 3_000_000])
        let cases: [(String, Int64)] = [("250us", 250), ("80ms", 80_000), ("1.5s", 1_500_000), ("0.3s", 300_000),
                                        ("2s", 2_000_000), ("0.1s", 100_000), ("0.7s", 700_000),
                                        // Binary floating point would be a microsecond short on these.
                                        ("1.005s", 1_005_000), ("8.2s", 8_200_000), ("0.000001s", 1)]
        for (text, micros) in cases {
            let until = try T.parse(T.document("until: \"\(text)\""))
            #expect(until.scenario.untilMicros == micros, "\(text)")
        }
    }

    @Test func clocksBecomePhysicalClocks() throws {
        let document = try T.parse(T.document("""
        clocks: {
          r2: { skew: "-800ms", drift: 0.0001 },
          r3: { drift: -0.0001 },
          r1: { skew: "1.5s" },
        }
        """))
        #expect(document.scenario.clocks == [
            PhysicalClock(skewMicros: 1_500_000, driftPartsPerBillion: 0),
            PhysicalClock(skewMicros: -800_000, driftPartsPerBillion: 100_000),
            PhysicalClock(skewMicros: 0, driftPartsPerBillion: -100_000),
        ])
        let edge = try T.parse(T.document(#"replicas: 1, clocks: { r1: { drift: 0.01 } }"#))
        #expect(edge.scenario.clocks == [PhysicalClock(skewMicros: 0, driftPartsPerBillion: 10_000_000)])
        let hub = try T.parse(T.document(#"replicas: ["a"], topology: "hub", clocks: { hub: { skew: "5ms" } }"#))
        #expect(hub.scenario.clocks == [PhysicalClock(), PhysicalClock(skewMicros: 5_000)])
    }

    // MARK: Seeds

    static func seededText(_ seed: Int) -> String {
        """
        {
          name: "seeded", seed: \(seed),
          steps: [
            { at: "0s", on: "all", import: { entity: "User", count: 5, values: { city: ["Oslo", "Lyon", "Porto"] } } },
            { at: "1s", on: "all", random: { entity: "User", ops: 6, keys: 5, over: "1s" } },
          ],
        }
        """
    }

    @Test func seedOverrideReplacesTheFilesSeedAndChangesExpansions() throws {
        let own = try T.parse(Self.seededText(5))
        #expect(own.seed == 5)
        let overridden = try T.parse(Self.seededText(5), seed: 9)
        #expect(overridden.seed == 9)
        // Read, the file is the same whatever the seed: its workload is data.
        #expect(overridden.scenario.steps == own.scenario.steps)
        #expect(own.scenario.steps.count == 2)
        // Drawn, the override gives what a file that says seed 9 itself gives…
        let nine = try T.parse(Self.seededText(9))
        let drawn = { (document: ScenarioDocument) in document.scenario.drawingWorkload(seed: document.seed).steps }
        #expect(drawn(overridden) == drawn(nine))
        // …and not what the file's own seed gives.
        #expect(drawn(overridden) != drawn(own))
        #expect(drawn(overridden).count == drawn(own).count)
        #expect(drawn(own).count == 3 + 3 * 6)
        // Without a seed key the override still applies; without either, 1.
        let unseeded = #"{ name: "u", steps: [{ at: "0s", on: "r1", random: { entity: "User", ops: 4, keys: 9 } }] }"#
        #expect(try T.parse(unseeded, seed: 0).seed == 0)
        #expect(try T.parse(unseeded).seed == 1)
        #expect(try drawn(T.parse(unseeded)) == drawn(T.parse(unseeded, seed: 1)))
        #expect(try drawn(T.parse(unseeded)) != drawn(T.parse(unseeded, seed: 2)))
    }

    // MARK: Steps

    @Test func partitionEachAndExplicitGroups() throws {
        let document = try T.parse(T.steps("""
            { at: "0s", partition: "each" },
            { at: "1s", partition: [["r1"], ["r3", "r2"]] },
            { at: "2s", partition: [["r2"]] },
            { at: "3s", heal: true },
        """))
        #expect(document.scenario.steps == [
            Step(atMicros: 0, .partitionEach),
            Step(atMicros: 1_000_000, .partition([[ReplicaID(0)], [ReplicaID(2), ReplicaID(1)]])),
            Step(atMicros: 2_000_000, .partition([[ReplicaID(1)]])),
            Step(atMicros: 3_000_000, .heal),
        ])
    }

    @Test func importRowsAreIdenticalOnEveryTarget() throws {
        let document = try T.parse(T.steps("""
            { at: "0s", heal: true },
            { at: "1s", on: "all", import: { entity: "User", count: 12, values: { email: "user{n}@example.com", city: ["Oslo", "Lyon"] } } },
        """))
        #expect(document.scenario.steps.count == 2, "the import is kept as data until a run draws it")
        let steps = document.scenario.drawingWorkload(seed: document.seed).steps
        #expect(steps.count == 4)
        #expect(steps[0] == Step(atMicros: 0, .heal))
        let intents = steps.dropFirst().compactMap(T.intent(of:))
        #expect(intents.map(\.replica) == [ReplicaID(0), ReplicaID(1), ReplicaID(2)])
        #expect(steps.dropFirst().allSatisfy { $0.atMicros == 1_000_000 })
        guard case .save(let rows) = intents[0].intent else {
            Issue.record("an import is a save, got \(intents[0].intent)")
            return
        }
        #expect(intents.allSatisfy { $0.intent == .save(rows) })
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { $0.entity == T.user && $0.writes.map(\.field) == [0, 1, 2] })
        #expect(rows[0].writes[0].value == .string("user01@example.com"))
        #expect(rows[0].writes[1].value == .string("name-01"))
        #expect(rows[11].writes[0].value == .string("user12@example.com"))
        #expect(rows[11].writes[1].value == .string("name-12"))
        #expect(rows.allSatisfy { [.string("Oslo"), .string("Lyon")].contains($0.writes[2].value) })
        // The workload generator's rows, drawn from step 1's stream.
        let expected = WorkloadGenerator.importRows(
            entity: T.user, count: 12,
            values: [0: .pattern("user{n}@example.com"), 2: .choices([.string("Oslo"), .string("Lyon")])],
            schema: DefaultScenario.schema, seed: 1, stepIndex: 1)
        #expect(rows == expected)
    }

    @Test func randomStepExpandsToOpsIntentsPerTargetWithinItsWindow() throws {
        let document = try T.parse(T.steps("""
            { at: "1s", on: ["r1", "r3"], random: { entity: "User", ops: 25, keys: 10, over: "500ms" } },
        """))
        #expect(document.scenario.steps.count == 1, "the step is kept as data until a run draws it")
        let steps = document.scenario.drawingWorkload(seed: document.seed).steps
        #expect(steps.count == 50)
        let intents = steps.compactMap(T.intent(of:))
        #expect(intents.count == 50)
        #expect(intents.filter { $0.replica == ReplicaID(0) }.count == 25)
        #expect(intents.filter { $0.replica == ReplicaID(2) }.count == 25)
        #expect(steps.allSatisfy { (1_000_000 ... 1_500_000).contains($0.atMicros) })
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.atMicros <= $1.atMicros }, "sorted by time")
        #expect(Set(steps.map(\.atMicros)).count > 1, "spread over the window")

        // Exactly the generator's steps for each target (stream "random.0.<replica>"), merged stably by time.
        let settings = WorkloadGenerator.RandomSettings(
            entity: T.user, operations: 25, keys: 10, overMicros: 500_000,
            mix: [.create: 4, .update: 5, .delete: 1], values: [:])
        let r1 = WorkloadGenerator.randomSteps(settings, atMicros: 1_000_000, on: ReplicaID(0), schema: DefaultScenario.schema, seed: 1, stepIndex: 0)
        let r3 = WorkloadGenerator.randomSteps(settings, atMicros: 1_000_000, on: ReplicaID(2), schema: DefaultScenario.schema, seed: 1, stepIndex: 0)
        #expect(r1.count == 25 && r3.count == 25)
        #expect(steps.filter { T.intent(of: $0)?.replica == ReplicaID(0) } == r1)
        #expect(steps.filter { T.intent(of: $0)?.replica == ReplicaID(2) } == r3)
    }

    @Test func randomStepWithoutOverHappensAtItsInstantAndFollowsTheMix() throws {
        let document = try T.parse(T.steps("""
            { at: "2s", on: "r2", random: { entity: "User", ops: 8, keys: 3, mix: { update: 1 } } },
            { at: "3s", on: "r2", random: { entity: "User", ops: 4, keys: 3, mix: { create: 2, delete: 0 } } },
            { at: "4s", on: "r2", random: { entity: "User", ops: 3, keys: 3, mix: { delete: 0.5 } } },
            { at: "5s", on: "r2", random: { entity: "User", ops: 0, keys: 3 } },
        """))
        let steps = document.scenario.drawingWorkload(seed: document.seed).steps
        #expect(steps.count == 8 + 4 + 3)
        for step in steps {
            guard let (replica, intent) = T.intent(of: step) else {
                Issue.record("not an intent: \(step)")
                continue
            }
            #expect(replica == ReplicaID(1))
            switch (step.atMicros, intent) {
            case (2_000_000, .update(let key, let writes)):
                #expect(key.uniqueKey == T.emailKeyID)
                #expect(writes.count == 1 && writes[0].field != 0, "a random update sets one non-key field")
            case (3_000_000, .save(let rows)):
                #expect(rows.count == 1)
            case (4_000_000, .delete(let key)):
                #expect(key.uniqueKey == T.emailKeyID)
            default:
                Issue.record("unexpected step \(step)")
            }
        }
    }

    @Test func stepsAtOneInstantKeepFileOrder() throws {
        let document = try T.parse(T.steps("""
            { at: "1s", heal: true },
            { at: "0s", partition: "each" },
            { at: "1s", on: "r1", create: { entity: "User", fields: { email: "a" } } },
            { at: "1s", crash: "r2" },
            { at: "500ms", on: "r3", create: { entity: "User", fields: { email: "b" } } },
            { at: "1s", partition: [["r1"]] },
            { at: "2s", restart: "r2" },
        """))
        #expect(document.scenario.steps == [
            Step(atMicros: 0, .partitionEach),
            Step(atMicros: 500_000, .intent(ReplicaID(2), .save([Row(entity: T.user, writes: [FieldWrite(field: 0, value: .string("b"))])]))),
            Step(atMicros: 1_000_000, .heal),
            Step(atMicros: 1_000_000, .intent(ReplicaID(0), .save([Row(entity: T.user, writes: [FieldWrite(field: 0, value: .string("a"))])]))),
            Step(atMicros: 1_000_000, .crash(ReplicaID(1), wipe: false)),
            Step(atMicros: 1_000_000, .partition([[ReplicaID(0)]])),
            Step(atMicros: 2_000_000, .restart(ReplicaID(1))),
        ])
    }

    @Test func intentsBecomeTheirIntents() throws {
        let document = try T.parse("""
        {
          name: "intents", replicas: 1,
          schema: { entities: [
            { name: "Person", fields: ["givenName", "familyName", "age", "email", "nickname"],
              unique: [["givenName", "familyName"], ["email"]], relations: { friends: "Person", pets: "Pet" } },
            { name: "Pet", fields: ["name"], unique: [["name"]] },
          ] },
          steps: [
            { at: "0s", on: "r1", create: { entity: "Person", fields: { familyName: "Lovelace", givenName: "Ada", age: 36, email: "ada@x.org" } } },
            { at: "0s", on: "r1", create: { entity: "Pet", fields: { name: "Rex" } } },
            { at: "1ms", on: "r1", update: { entity: "Person", key: { familyName: "Lovelace", givenName: "Ada" }, set: { age: 37, nickname: null } } },
            { at: "2ms", on: "r1", update: { entity: "Person", key: { email: "ada@x.org" }, set: { age: 38 } } },
            { at: "3ms", on: "r1", link: { entity: "Person", key: { email: "ada@x.org" }, relation: "pets", to: { name: "Rex" } } },
            { at: "4ms", on: "r1", delete: { entity: "Pet", key: { name: "Rex" } } },
          ],
        }
        """)
        let person = EntityIndex(0)
        let pet = EntityIndex(1)
        #expect(document.scenario.schema == Schema(entities: [
            EntitySchema(name: "Person", fields: ["givenName", "familyName", "age", "email", "nickname"],
                         uniqueKeys: [["givenName", "familyName"], ["email"]],
                         relations: [.init(name: "friends", target: "Person"), .init(name: "pets", target: "Pet")]),
            EntitySchema(name: "Pet", fields: ["name"], uniqueKeys: [["name"]]),
        ]))
        let names = NaturalKey(uniqueKey: UniqueKeyID(entity: person, key: 0), values: [.string("Ada"), .string("Lovelace")])
        let email = NaturalKey(uniqueKey: UniqueKeyID(entity: person, key: 1), values: [.string("ada@x.org")])
        let rex = NaturalKey(uniqueKey: UniqueKeyID(entity: pet, key: 0), values: [.string("Rex")])
        let r1 = ReplicaID(0)
        #expect(document.scenario.steps == [
            Step(atMicros: 0, .intent(r1, .save([Row(entity: person, writes: [
                FieldWrite(field: 0, value: .string("Ada")),
                FieldWrite(field: 1, value: .string("Lovelace")),
                FieldWrite(field: 2, value: .int(36)),
                FieldWrite(field: 3, value: .string("ada@x.org")),
            ])]))),
            Step(atMicros: 0, .intent(r1, .save([Row(entity: pet, writes: [FieldWrite(field: 0, value: .string("Rex"))])]))),
            Step(atMicros: 1_000, .intent(r1, .update(key: names, writes: [
                FieldWrite(field: 2, value: .int(37)),
                FieldWrite(field: 4, value: nil),
            ]))),
            Step(atMicros: 2_000, .intent(r1, .update(key: email, writes: [FieldWrite(field: 2, value: .int(38))]))),
            Step(atMicros: 3_000, .intent(r1, .link(key: email, relation: 1, target: rex))),
            Step(atMicros: 4_000, .intent(r1, .delete(key: rex))),
        ])
    }

    @Test func faultsBecomeTheirActions() throws {
        let document = try T.parse(T.steps("""
            { at: "0s", nemesis: { every: "300ms", until: "5s", partition: 0.5, crash: 0.2 } },
            { at: "1s", nemesis: { every: "1s", until: "2s" } },
            { at: "1s", crash: "r2", wipe: true },
            { at: "1s", crash: "r3", wipe: false },
            { at: "2s", restart: "r2" },
            { at: "2s", crash: "r2" },
        """))
        #expect(document.scenario.steps == [
            Step(atMicros: 0, .nemesis(NemesisSettings(everyMicros: 300_000, untilMicros: 5_000_000,
                                                       partitionProbability: Probability(0.5), crashProbability: Probability(0.2)))),
            Step(atMicros: 1_000_000, .nemesis(NemesisSettings(everyMicros: 1_000_000, untilMicros: 2_000_000,
                                                               partitionProbability: .never, crashProbability: .never))),
            Step(atMicros: 1_000_000, .crash(ReplicaID(1), wipe: true)),
            Step(atMicros: 1_000_000, .crash(ReplicaID(2), wipe: false)),
            Step(atMicros: 2_000_000, .restart(ReplicaID(1))),
            Step(atMicros: 2_000_000, .crash(ReplicaID(1), wipe: false)),
        ])
    }

    /// Crash and restart are checked in time order, not file order.
    @Test func restartListedBeforeItsEarlierCrashIsAccepted() throws {
        let document = try T.parse(T.steps(#"{ at: "2s", restart: "r1" }, { at: "1s", crash: "r1" }"#))
        #expect(document.scenario.steps == [
            Step(atMicros: 1_000_000, .crash(ReplicaID(0), wipe: false)),
            Step(atMicros: 2_000_000, .restart(ReplicaID(0))),
        ])
    }

    @Test func expectationsForEveryStrategyUseAStar() throws {
        let document = try T.parse(T.document(#"strategies: ["lww"], expect: [{ strategy: "*", metric: "quiesced", equals: 1 }]"#))
        #expect(document.expectations == [Expectation(strategy: "*", metric: .quiesced, bound: .equals(1))])
        #expect(document.expectations[0].applies(to: "lww"))
        #expect(document.expectations[0].applies(to: "crdt"))
    }
}
