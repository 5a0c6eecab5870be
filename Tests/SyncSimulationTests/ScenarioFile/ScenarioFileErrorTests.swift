import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// Every way a scenario file can be wrong gives one line naming the file,
/// the place in it, what was expected and what was found.
struct ScenarioFileErrorTests {
    typealias T = ScenarioFileTesting

    static let duration = #"expected a duration with a unit such as "250us", "80ms", "2s", "5m", "2h" or "7d""#
    static let topLevelKeys = "name, description, replicas, seed, topology, hubRunsAppCode, deleteVsEdit, deleteRulesOnImport, sameSaveDuplicates, engine, preset, until, schema, network, sync, clocks, strategies, dedupeDelay, dedupeDeferral, dedupeDeferUntil, writerLatency, seriesResolution, seriesPerReplica, syncOff, syncOffSaves, versions, appVersion, steps, expect, advise, cloudkit"
    static let stepKeys = "at, on, wipe, writers, partition, cut, heal, import, create, update, delete, link, random, seedIfEmpty, reinstall, enableSync, upgrade, crash, restart, nemesis"
    static let allStrategies = "unique:error, unique:objectTrump, unique:storeTrump, unique:overwrite, unique:rollback, lww, dedupe, crdt, lww:field, keyid, dedupe:apple, dedupe:merge, dedupe:deferred"
    /// Every metric a file may name: the catalog's, in its case order.
    static let allMetrics = Metric.allCases.map(\.rawValue).joined(separator: ", ")
    static let replicas = "replicas: r1, r2, r3"
    static let userFields = "fields: email, name, city"

    // MARK: The document

    @Test func errorDescriptionIsFilePathMessage() {
        let error = T.failure(T.document(#"network: { drop: 2 }"#))
        #expect(error?.file == "t.json5")
        #expect(error?.path == "network.drop")
        #expect(error?.message == "expected a probability from 0 to 1, found 2")
        #expect(error?.description == "t.json5: network.drop: expected a probability from 0 to 1, found 2")
        // With no path, the message follows the file directly.
        #expect(ScenarioFileError(file: "f.json5", path: "", message: "m").description == "f.json5: m")
        #expect(ScenarioFileError(file: "f.json5", path: "steps[3].at", message: "m").description == "f.json5: steps[3].at: m")
    }

    @Test func notJSON5() {
        // Foundation on Linux gives no position; the message does.
        T.expectFailure(#"name: "x""#, "t.json5: not valid JSON5 at line 1, column 1: expected a value, found 'name'")
        T.expectFailure(#"{ name: "x", "#, "t.json5: not valid JSON5 at line 1, column 14: an object that never closes")
        T.expectFailure(#"{ name: "x" } }"#, "t.json5: not valid JSON5 at line 1, column 15: unexpected text after the document")
        T.expectFailure("", "t.json5: not valid JSON5 at line 1, column 1: expected a value, found the end of the text")
        T.expectFailure("{ name: \"x\",\n  replicas: 3,\n  steps: [ { at: \"1s\" heal: true } ] }",
                        "t.json5: not valid JSON5 at line 3, column 23: expected ',' or '}' in an object")
        let error = T.failure("{")
        #expect(error?.path == "")
        T.expectFailure("[1, 2]", "t.json5: expected an object, found a list")
        T.expectFailure(#""x""#, #"t.json5: expected an object, found "x""#)
        T.expectFailure("null", "t.json5: expected an object, found null")
    }

    @Test func name() {
        T.expectFailure("{ replicas: 2 }", "t.json5: missing required key 'name'")
        T.expectFailure("{}", "t.json5: missing required key 'name'")
        T.expectFailure(#"{ name: "" }"#, "t.json5: name: expected a non-empty string")
        T.expectFailure("{ name: 3 }", "t.json5: name: expected a string, found 3")
        T.expectFailure(#"{ name: "x", description: ["a"] }"#, "t.json5: description: expected a string, found a list")
    }

    @Test func unknownKeysAreNamedWithTheAllowedOnes() {
        T.expectFailure(#"{ nmae: "x" }"#, "t.json5: nmae: unknown key 'nmae'; allowed: \(Self.topLevelKeys); did you mean 'name'?")
        // An unknown key is reported before a missing one.
        T.expectFailure(#"{ name: "x", replica: 3 }"#, "t.json5: replica: unknown key 'replica'; allowed: \(Self.topLevelKeys); did you mean 'replicas'?")
        T.expectFailure(T.document("network: { dupliate: 0.1 }"),
                        "t.json5: network.dupliate: unknown key 'dupliate'; allowed: drop, duplicate, reorder, delay, links; did you mean 'duplicate'?")
        T.expectFailure(T.document(#"sync: { interval: "1s" }"#),
                        "t.json5: sync.interval: unknown key 'interval'; allowed: every, jitter, fanout")
        T.expectFailure(T.document(#"clocks: { r1: { offset: "1s" } }"#),
                        "t.json5: clocks.r1.offset: unknown key 'offset'; allowed: skew, drift")
        T.expectFailure(T.steps(#"{ at: "0s", hael: true }"#),
                        "t.json5: steps[0].hael: unknown key 'hael'; allowed: \(Self.stepKeys); did you mean 'heal'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a" }, extra: 1 } }"#),
                        "t.json5: steps[0].create.extra: unknown key 'extra'; allowed: entity, fields")
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "1s", until: "2s", wipe: 0.1 } }"#),
                        "t.json5: steps[0].nemesis.wipe: unknown key 'wipe'; allowed: every, until, partition, crash")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 1, mix: { upsert: 1 } } }"#),
                        "t.json5: steps[0].random.mix.upsert: unknown key 'upsert'; allowed: create, update, delete")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", equal: 1 }]"#),
                        "t.json5: expect[0].equal: unknown key 'equal'; allowed: strategy, metric, equals, min, max, variant; did you mean 'equals'?")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "A", fields: ["a"], uniq: [["a"]] }] }"#),
                        "t.json5: schema.entities[0].uniq: unknown key 'uniq'; allowed: name, fields, unique, relations")
        T.expectFailure(T.document(#"schema: { entity: [] }"#),
                        "t.json5: schema.entity: unknown key 'entity'; allowed: entities")
    }

    // MARK: Replicas, topology, seed

    @Test func replicaCounts() {
        T.expectFailure(T.document("replicas: 0"), "t.json5: replicas: expected a whole number from 1 to 500, found 0")
        T.expectFailure(T.document("replicas: 501"), "t.json5: replicas: expected a whole number from 1 to 500, found 501")
        T.expectFailure(T.document("replicas: -2"), "t.json5: replicas: expected a whole number from 1 to 500, found -2")
        T.expectFailure(T.document("replicas: []"), "t.json5: replicas: expected 1 to 500 replica names, found 0")
        T.expectFailure(T.document(#"replicas: "3""#),
                        #"t.json5: replicas: expected a number of replicas (1 to 500) or a list of names, found "3""#)
        T.expectFailure(T.document("replicas: 2.5"),
                        "t.json5: replicas: expected a number of replicas (1 to 500) or a list of names, found 2.5")
        let tooMany = (1 ... 501).map { "\"n\($0)\"" }.joined(separator: ", ")
        T.expectFailure(T.document("replicas: [\(tooMany)]"), "t.json5: replicas: expected 1 to 500 replica names, found 501")
    }

    @Test func replicaNames() {
        T.expectFailure(T.document(#"replicas: ["r1", "all"]"#), "t.json5: replicas[1]: 'all' is reserved and cannot name a replica")
        T.expectFailure(T.document(#"replicas: ["hub", "r2"]"#), "t.json5: replicas[0]: 'hub' is reserved and cannot name a replica")
        T.expectFailure(T.document(#"replicas: ["hub"], topology: "hub""#), "t.json5: replicas[0]: 'hub' is reserved and cannot name a replica")
        T.expectFailure(T.document(#"replicas: ["*"]"#), "t.json5: replicas[0]: '*' is reserved and cannot name a replica")
        T.expectFailure(T.document(#"replicas: ["a", "b", "a"]"#), "t.json5: replicas[2]: replica 'a' is named twice")
        T.expectFailure(T.document(#"replicas: ["a", ""]"#), "t.json5: replicas[1]: expected a non-empty string")
        T.expectFailure(T.document(#"replicas: ["a", 2]"#), "t.json5: replicas[1]: expected a string, found 2")
    }

    @Test func topologyAndSeed() {
        T.expectFailure(T.document(#"topology: "star""#), #"t.json5: topology: expected one of "mesh", "hub", found "star""#)
        T.expectFailure(T.document("topology: 1"), "t.json5: topology: expected a string, found 1")
        // Every seed the command line takes: 0 to 2^64-1.
        T.expectFailure(T.document("seed: -1"), "t.json5: seed: expected a whole number from 0 to 18446744073709551615, found -1")
        T.expectFailure(T.document(#"seed: "1""#), #"t.json5: seed: expected a whole number from 0 to 18446744073709551615, found "1""#)
        T.expectFailure(T.document("seed: 1.5"), "t.json5: seed: expected a whole number from 0 to 18446744073709551615, found 1.5")
        T.expectFailure(T.document("seed: 18446744073709551616"),
                        "t.json5: seed: expected a whole number from 0 to 18446744073709551615, found 18446744073709551616 (beyond the whole numbers a 64-bit number holds)")
    }

    // MARK: Durations

    @Test func durationsNeedAUnit() {
        T.expectFailure(T.document(#"until: "10""#), #"t.json5: until: \#(Self.duration), found "10""#)
        T.expectFailure(T.document("until: 10"), "t.json5: until: \(Self.duration), found 10")
        T.expectFailure(T.document("until: 1.5"), "t.json5: until: \(Self.duration), found 1.5")
        for text in ["fast", "ms", "s", "1e3ms", "1.s", "1..5s", "5y", "999999999999d", "5 m s", "0x10ms", "1,5s", "--1s", "1.5.2s", "٣s"] {
            T.expectFailure(T.document("until: \"\(text)\""), "t.json5: until: \(Self.duration), found \"\(text)\"")
        }
        // Minutes, hours and days, for workflows that last a week.
        for (text, micros) in [("7d", Int64(604_800_000_000)), ("1.5m", 90_000_000), ("2h", 7_200_000_000)] {
            #expect((try? T.parse(T.document("until: \"\(text)\"")))?.scenario.untilMicros == micros, "\(text)")
        }
        // Finer than a microsecond.
        for text in ["1.5us", "0.0000005s", "0.0001ms", "1.0000001s"] {
            T.expectFailure(T.document("until: \"\(text)\""), "t.json5: until: \(Self.duration), found \"\(text)\"")
        }
        T.expectFailure(T.steps(#"{ at: "10", heal: true }"#), #"t.json5: steps[0].at: \#(Self.duration), found "10""#)
        T.expectFailure(T.steps(#"{ at: 0, heal: true }"#), "t.json5: steps[0].at: \(Self.duration), found 0")
        T.expectFailure(T.document(#"network: { delay: ["5ms", 80] }"#), "t.json5: network.delay[1]: \(Self.duration), found 80")
        T.expectFailure(T.document(#"dedupeDelay: true"#), "t.json5: dedupeDelay: \(Self.duration), found true")
        T.expectFailure(T.document(#"clocks: { r1: { skew: "1" } }"#), #"t.json5: clocks.r1.skew: \#(Self.duration), found "1""#)
    }

    @Test func negativeDurationsOnlyForClockSkew() {
        let negative = "expected a duration of 0 or more, found"
        T.expectFailure(T.document(#"until: "-1s""#), #"t.json5: until: \#(negative) "-1s""#)
        T.expectFailure(T.steps(#"{ at: "-5ms", heal: true }"#), #"t.json5: steps[0].at: \#(negative) "-5ms""#)
        T.expectFailure(T.document(#"dedupeDelay: "-1ms""#), #"t.json5: dedupeDelay: \#(negative) "-1ms""#)
        T.expectFailure(T.document(#"network: { delay: ["-1ms", "5ms"] }"#), #"t.json5: network.delay[0]: \#(negative) "-1ms""#)
        T.expectFailure(T.document(#"sync: { every: "1s", jitter: "-1ms" }"#), #"t.json5: sync.jitter: \#(negative) "-1ms""#)
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "-1s", until: "2s" } }"#),
                        #"t.json5: steps[0].nemesis.every: \#(negative) "-1s""#)
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 1, over: "-1s" } }"#),
                        #"t.json5: steps[0].random.over: \#(negative) "-1s""#)
        // Zero where a positive length is needed.
        T.expectFailure(T.document(#"until: "0s""#), "t.json5: until: expected a duration above 0")
        T.expectFailure(T.document(#"sync: { every: "0ms" }"#), "t.json5: sync.every: expected a duration above 0")
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "0s", until: "2s" } }"#),
                        "t.json5: steps[0].nemesis.every: expected a duration above 0")
        // A skew may be negative.
        #expect(T.failure(T.document(#"clocks: { r1: { skew: "-2s" } }"#)) == nil)
    }

    // MARK: Network, sync, clocks

    @Test func networkSettings() {
        T.expectFailure(T.document("network: { drop: 1.5 }"), "t.json5: network.drop: expected a probability from 0 to 1, found 1.5")
        T.expectFailure(T.document("network: { drop: -0.1 }"), "t.json5: network.drop: expected a probability from 0 to 1, found -0.1")
        T.expectFailure(T.document("network: { duplicate: 2 }"), "t.json5: network.duplicate: expected a probability from 0 to 1, found 2")
        T.expectFailure(T.document("network: { reorder: 1.01 }"), "t.json5: network.reorder: expected a probability from 0 to 1, found 1.01")
        T.expectFailure(T.document(#"network: { drop: "10%" }"#), #"t.json5: network.drop: expected a number, found "10%""#)
        T.expectFailure(T.document(#"network: { delay: ["80ms", "5ms"] }"#), "t.json5: network.delay: the minimum delay is above the maximum")
        T.expectFailure(T.document(#"network: { delay: ["5ms"] }"#),
                        #"t.json5: network.delay: expected [minimum, maximum], such as ["5ms", "80ms"]"#)
        T.expectFailure(T.document(#"network: { delay: ["1ms", "2ms", "3ms"] }"#),
                        #"t.json5: network.delay: expected [minimum, maximum], such as ["5ms", "80ms"]"#)
        T.expectFailure(T.document(#"network: { delay: "5ms" }"#), #"t.json5: network.delay: expected a list, found "5ms""#)
        T.expectFailure(T.document(#"network: "lossy""#), #"t.json5: network: expected an object, found "lossy""#)
        // Bounds are inclusive.
        #expect(T.failure(T.document(#"network: { drop: 1, duplicate: 0, delay: ["5ms", "5ms"] }"#)) == nil)
    }

    @Test func syncSettings() {
        T.expectFailure(T.document(#"sync: { every: "100ms", jitter: "100ms" }"#),
                        "t.json5: sync.jitter: the jitter must be less than the interval (100ms)")
        T.expectFailure(T.document(#"sync: { every: "1500ms", jitter: "2s" }"#),
                        "t.json5: sync.jitter: the jitter must be less than the interval (1500ms)")
        T.expectFailure(T.document(#"sync: { every: "250us", jitter: "1ms" }"#),
                        "t.json5: sync.jitter: the jitter must be less than the interval (250us)")
        T.expectFailure(T.document("sync: { fanout: 0 }"), "t.json5: sync.fanout: expected a whole number from 1 to 64, found 0")
        T.expectFailure(T.document("sync: { fanout: 65 }"), "t.json5: sync.fanout: expected a whole number from 1 to 64, found 65")
    }

    @Test func clocks() {
        T.expectFailure(T.document(#"clocks: { r9: { skew: "1s" } }"#), "t.json5: clocks.r9: unknown replica 'r9'; \(Self.replicas)")
        T.expectFailure(T.document(#"clocks: { hub: { skew: "1s" } }"#), "t.json5: clocks.hub: unknown replica 'hub'; \(Self.replicas)")
        T.expectFailure(T.document("clocks: { r1: { drift: 0.02 } }"),
                        "t.json5: clocks.r1.drift: expected a drift from -0.01 to 0.01 (a rate: 0.0001 gains 100 µs a second), found 0.02")
        T.expectFailure(T.document("clocks: { r2: { drift: -1 } }"),
                        "t.json5: clocks.r2.drift: expected a drift from -0.01 to 0.01 (a rate: 0.0001 gains 100 µs a second), found -1")
        T.expectFailure(T.document(#"clocks: { r1: "fast" }"#), #"t.json5: clocks.r1: expected an object, found "fast""#)
        T.expectFailure(T.document(#"clocks: ["r1"]"#), "t.json5: clocks: expected an object, found a list")
    }

    // MARK: Strategies and expectations

    @Test func strategies() {
        T.expectFailure(T.document(#"strategies: ["lww", "lwww"]"#), "t.json5: strategies[1]: unknown strategy 'lwww'; allowed: \(Self.allStrategies); did you mean 'lww'?")
        T.expectFailure(T.document(#"strategies: ["unique:merge"]"#),
                        "t.json5: strategies[0]: unknown strategy 'unique:merge'; allowed: \(Self.allStrategies); did you mean 'unique:error'?")
        T.expectFailure(T.document(#"strategies: ["lww", "crdt", "lww"]"#), "t.json5: strategies[2]: strategy 'lww' is listed twice")
        T.expectFailure(T.document("strategies: []"), "t.json5: strategies: expected at least one strategy")
        T.expectFailure(T.document(#"strategies: "lww""#), #"t.json5: strategies: expected a list, found "lww""#)
    }

    @Test func expectations() {
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "dupes", equals: 1 }]"#),
                        "t.json5: expect[0].metric: unknown metric 'dupes'; metrics: \(Self.allMetrics)")
        T.expectFailure(T.document(#"strategies: ["lww", "crdt"], expect: [{ strategy: "dedupe", metric: "diverged", equals: 0 }]"#),
                        #"t.json5: expect[0].strategy: strategy 'dedupe' is not run by this scenario; it runs lww, crdt (or use "*" for all)"#)
        T.expectFailure(T.document(#"expect: [{ strategy: "lww:field", metric: "diverged", equals: 0 }]"#),
                        "t.json5: expect[0].strategy: strategy 'lww:field' is not run by this scenario; it runs "
                            + #"unique:error, unique:objectTrump, unique:storeTrump, unique:overwrite, unique:rollback, lww, dedupe, crdt (or use "*" for all)"#)
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", equals: 1, min: 0 }]"#),
                        "t.json5: expect[0]: 'equals' cannot go with 'min' or 'max'")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", equals: 1, max: 2 }]"#),
                        "t.json5: expect[0]: 'equals' cannot go with 'min' or 'max'")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", equals: 0 }, { strategy: "lww", metric: "rejected" }]"#),
                        "t.json5: expect[1]: an expectation needs 'equals', 'min' or 'max'")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", min: 3, max: 2 }]"#),
                        "t.json5: expect[0]: 'min' is above 'max'")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", equals: 1 }]"#), "t.json5: expect[0]: missing required key 'metric'")
        T.expectFailure(T.document(#"expect: [{ metric: "rejected", equals: 1 }]"#), "t.json5: expect[0]: missing required key 'strategy'")
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", equals: "3" }]"#),
                        #"t.json5: expect[0].equals: expected a number, found "3""#)
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", min: null }]"#),
                        "t.json5: expect[0].min: expected a number, found null")
        // min equal to max is a range of one value.
        #expect(T.failure(T.document(#"expect: [{ strategy: "lww", metric: "rejected", min: 2, max: 2 }]"#)) == nil)
    }

    // MARK: Steps

    @Test func stepsNeedExactlyOneAction() {
        T.expectFailure(T.steps(#"{ at: "0s", heal: true, crash: "r1" }"#), "t.json5: steps[0]: a step takes one action, found crash and heal")
        T.expectFailure(T.steps(#"{ at: "0s", heal: true }, { at: "1s", on: "r1", partition: "each", delete: { entity: "User", key: { email: "a" } } }"#),
                        "t.json5: steps[1]: a step takes one action, found delete and partition")
        T.expectFailure(T.steps(#"{ at: "0s" }"#), "t.json5: steps[0]: a step needs one action: partition, cut, heal, import, create, update, delete, link, random, seedIfEmpty, reinstall, enableSync, upgrade, crash, restart, nemesis")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1" }"#), "t.json5: steps[0]: a step needs one action: partition, cut, heal, import, create, update, delete, link, random, seedIfEmpty, reinstall, enableSync, upgrade, crash, restart, nemesis")
        T.expectFailure(T.steps("{ heal: true }"), "t.json5: steps[0]: missing required key 'at'")
        T.expectFailure(T.steps(#""heal""#), #"t.json5: steps[0]: expected an object, found "heal""#)
        T.expectFailure(T.document("steps: {}"), "t.json5: steps: expected a list, found an object")
    }

    @Test func onGoesWithIntentsOnly() {
        T.expectFailure(T.steps(#"{ at: "0s", delete: { entity: "User", key: { email: "a" } } }"#),
                        #"t.json5: steps[0]: 'delete' needs 'on': "all", a replica name or a list of names"#)
        T.expectFailure(T.steps(#"{ at: "0s", import: { entity: "User", count: 1 } }"#),
                        #"t.json5: steps[0]: 'import' needs 'on': "all", a replica name or a list of names"#)
        T.expectFailure(T.steps(#"{ at: "1s", on: "r1", heal: true }"#),
                        "t.json5: steps[0].on: 'on' goes with intents (create, delete, enableSync, import, link, random, reinstall, seedIfEmpty, update, upgrade), not with 'heal'")
        T.expectFailure(T.steps(#"{ at: "1s", on: "r1", crash: "r1" }"#),
                        "t.json5: steps[0].on: 'on' goes with intents (create, delete, enableSync, import, link, random, reinstall, seedIfEmpty, update, upgrade), not with 'crash'")
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", nemesis: { every: "1s", until: "2s" } }"#),
                        "t.json5: steps[0].on: 'on' goes with intents (create, delete, enableSync, import, link, random, reinstall, seedIfEmpty, update, upgrade), not with 'nemesis'")
    }

    @Test func unknownReplicas() {
        let delete = #"delete: { entity: "User", key: { email: "a" } }"#
        T.expectFailure(T.steps(#"{ at: "0s", on: "r9", \#(delete) }"#), "t.json5: steps[0].on: unknown replica 'r9'; \(Self.replicas)")
        T.expectFailure(T.steps(#"{ at: "0s", on: ["r1", "r4"], \#(delete) }"#), "t.json5: steps[0].on[1]: unknown replica 'r4'; \(Self.replicas)")
        T.expectFailure(T.steps(#"{ at: "0s", on: ["all"], \#(delete) }"#), "t.json5: steps[0].on[0]: unknown replica 'all'; \(Self.replicas)")
        T.expectFailure(T.steps(#"{ at: "0s", on: ["r1", "r1"], \#(delete) }"#), "t.json5: steps[0].on[1]: replica 'r1' is listed twice")
        T.expectFailure(T.steps(#"{ at: "0s", on: [], \#(delete) }"#), "t.json5: steps[0].on: expected at least one replica")
        T.expectFailure(T.steps(#"{ at: "0s", on: "", \#(delete) }"#), "t.json5: steps[0].on: expected a non-empty string")
        T.expectFailure(T.steps(#"{ at: "0s", on: 3, \#(delete) }"#), #"t.json5: steps[0].on: expected "all", a replica name or a list of names, found 3"#)
        T.expectFailure(T.steps(#"{ at: "0s", partition: [["r1"], ["r9"]] }"#),
                        "t.json5: steps[0].partition[1][0]: unknown replica 'r9'; \(Self.replicas)")
        T.expectFailure(T.steps(#"{ at: "0s", crash: "r9" }"#), "t.json5: steps[0].crash: unknown replica 'r9'; \(Self.replicas)")
        T.expectFailure(T.steps(#"{ at: "0s", crash: "r1" }, { at: "1s", restart: "r0" }"#),
                        "t.json5: steps[1].restart: unknown replica 'r0'; \(Self.replicas)")
        // In a hub topology the hub is a replica like any other.
        T.expectFailure(#"{ name: "x", replicas: ["a"], topology: "hub", steps: [{ at: "0s", crash: "b" }] }"#,
                        "t.json5: steps[0].crash: unknown replica 'b'; replicas: a, hub")
    }

    @Test func partitions() {
        T.expectFailure(T.steps(#"{ at: "0s", partition: [["r1", "r2"], ["r2"]] }"#), "t.json5: steps[0].partition[1][0]: replica 'r2' is in two groups")
        T.expectFailure(T.steps(#"{ at: "0s", partition: [["r3", "r3"]] }"#), "t.json5: steps[0].partition[0][1]: replica 'r3' is in two groups")
        T.expectFailure(T.steps(#"{ at: "0s", partition: "half" }"#),
                        #"t.json5: steps[0].partition: expected "each" or a list of groups such as [["r1"], ["r2", "r3"]], found "half""#)
        T.expectFailure(T.steps(#"{ at: "0s", partition: [["r1"], []] }"#), "t.json5: steps[0].partition[1]: expected a non-empty group of replica names")
        T.expectFailure(T.steps(#"{ at: "0s", partition: [] }"#), "t.json5: steps[0].partition: expected at least one group")
        T.expectFailure(T.steps(#"{ at: "0s", partition: ["r1"] }"#), #"t.json5: steps[0].partition[0]: expected a list, found "r1""#)
    }

    @Test func healWipeCrashAndRestart() {
        T.expectFailure(T.steps(#"{ at: "0s", heal: false }"#), "t.json5: steps[0].heal: expected true, found false")
        T.expectFailure(T.steps(#"{ at: "0s", heal: "yes" }"#), #"t.json5: steps[0].heal: expected true, found "yes""#)
        T.expectFailure(T.steps(#"{ at: "0s", crash: "r1" }, { at: "1s", restart: "r1", wipe: true }"#),
                        "t.json5: steps[1].wipe: 'wipe' goes with 'crash' only")
        T.expectFailure(T.steps(#"{ at: "0s", heal: true, wipe: false }"#), "t.json5: steps[0].wipe: 'wipe' goes with 'crash' only")
        T.expectFailure(T.steps(#"{ at: "0s", crash: "r1", wipe: "yes" }"#), #"t.json5: steps[0].wipe: expected true or false, found "yes""#)
        T.expectFailure(T.steps(#"{ at: "1s", restart: "r2" }"#), "t.json5: steps[0]: restart of 'r2', which is not down at 1s")
        T.expectFailure(T.steps(#"{ at: "1s", crash: "r1" }, { at: "2s", restart: "r1" }, { at: "3s", restart: "r1" }"#),
                        "t.json5: steps[2]: restart of 'r1', which is not down at 3s")
        // At one instant, file order decides: a restart listed before the crash is too early.
        T.expectFailure(T.steps(#"{ at: "1s", restart: "r1" }, { at: "1s", crash: "r1" }"#),
                        "t.json5: steps[0]: restart of 'r1', which is not down at 1s")
        T.expectFailure(T.steps(#"{ at: "0s", crash: "r1" }, { at: "1500ms", crash: "r1", wipe: true }"#),
                        "t.json5: steps[1]: crash of 'r1', which is already down at 1500ms")
        T.expectFailure(T.steps(#"{ at: "2s", crash: "r3" }, { at: "250us", crash: "r3" }"#),
                        "t.json5: steps[0]: crash of 'r3', which is already down at 2s")
    }

    @Test func nemesis() {
        T.expectFailure(T.steps(#"{ at: "2s", nemesis: { every: "100ms", until: "1s" } }"#),
                        "t.json5: steps[0].nemesis.until: expected a time after the step's 'at' (2s)")
        T.expectFailure(T.steps(#"{ at: "1500ms", nemesis: { every: "100ms", until: "1.5s" } }"#),
                        "t.json5: steps[0].nemesis.until: expected a time after the step's 'at' (1500ms)")
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "100ms" } }"#), "t.json5: steps[0].nemesis: missing required key 'until'")
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "100ms", until: "1s", partition: 2 } }"#),
                        "t.json5: steps[0].nemesis.partition: expected a probability from 0 to 1, found 2")
        T.expectFailure(T.steps(#"{ at: "0s", nemesis: { every: "100ms", until: "1s", crash: -0.5 } }"#),
                        "t.json5: steps[0].nemesis.crash: expected a probability from 0 to 1, found -0.5")
    }

    // MARK: Entities, fields and keys in intents

    @Test func unknownEntitiesAndFields() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "Usr", fields: { email: "a" } } }"#),
                        "t.json5: steps[0].create.entity: unknown entity 'Usr'; entities: User; did you mean 'User'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", import: { entity: "Person", count: 2 } }"#),
                        "t.json5: steps[0].import.entity: unknown entity 'Person'; entities: User")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a", nam: "x" } } }"#),
                        "t.json5: steps[0].create.fields.nam: unknown field 'nam' of User; \(Self.userFields); did you mean 'name'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { email: "a" }, set: { citty: "Oslo" } } }"#),
                        "t.json5: steps[0].update.set.citty: unknown field 'citty' of User; \(Self.userFields); did you mean 'city'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", delete: { entity: "User", key: { mail: "a" } } }"#),
                        "t.json5: steps[0].delete.key.mail: unknown field 'mail' of User; \(Self.userFields); did you mean 'email'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", import: { entity: "User", count: 2, values: { town: ["Oslo"] } } }"#),
                        "t.json5: steps[0].import.values.town: unknown field 'town' of User; \(Self.userFields)")
    }

    @Test func fieldValues() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a", name: 1.5 } } }"#),
                        "t.json5: steps[0].create.fields.name: expected a string or a whole number, found 1.5")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a", name: null } } }"#),
                        "t.json5: steps[0].create.fields.name: expected a string or a whole number, found null")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { email: "a" }, set: { name: true } } }"#),
                        "t.json5: steps[0].update.set.name: expected a string, a whole number or null, found true")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", delete: { entity: "User", key: { email: null } } }"#),
                        "t.json5: steps[0].delete.key.email: expected a string or a whole number, found null")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: "a" } }"#),
                        #"t.json5: steps[0].create.fields: expected an object, found "a""#)
    }

    @Test func keysMustBeAUniqueKey() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { name: "Ada" }, set: { city: "Oslo" } } }"#),
                        "t.json5: steps[0].update.key: expected the fields of a unique key of User: {email}")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", delete: { entity: "User", key: { email: "a", name: "Ada" } } }"#),
                        "t.json5: steps[0].delete.key: expected the fields of a unique key of User: {email}")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", delete: { entity: "User", key: {} } }"#),
                        "t.json5: steps[0].delete.key: expected the fields of a unique key of User: {email}")
        let people = #"schema: { entities: [{ name: "Person", fields: ["givenName", "familyName", "email"], unique: [["givenName", "familyName"], ["email"]] }, { name: "Note", fields: ["text"] }] }"#
        T.expectFailure(T.document(#"\#(people), steps: [{ at: "0s", on: "r1", delete: { entity: "Person", key: { givenName: "Ada" } } }]"#),
                        "t.json5: steps[0].delete.key: expected the fields of a unique key of Person: {givenName, familyName} or {email}")
        T.expectFailure(T.document(#"\#(people), steps: [{ at: "0s", on: "r1", delete: { entity: "Note", key: { text: "a" } } }]"#),
                        "t.json5: steps[0].delete.key: Note has no unique key to address a record by")
        T.expectFailure(T.document(#"\#(people), steps: [{ at: "0s", on: "r1", random: { entity: "Note", ops: 1, keys: 1 } }]"#),
                        "t.json5: steps[0].random.entity: random operations address records by key, and Note has no unique key")
    }

    @Test func updatesCannotSetKeyFields() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { email: "a" }, set: { email: "b" } } }"#),
                        "t.json5: steps[0].update.set: 'email' belongs to a unique key, which is a record's identity and cannot be updated")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { email: "a" }, set: { name: "Ada", email: "b" } } }"#),
                        "t.json5: steps[0].update.set: 'email' belongs to a unique key, which is a record's identity and cannot be updated")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", update: { entity: "User", key: { email: "a" }, set: {} } }"#),
                        "t.json5: steps[0].update.set: expected at least one field to set")
        // Any unique key's fields, not only the one the record is addressed by.
        let people = #"schema: { entities: [{ name: "Person", fields: ["givenName", "familyName", "email", "age"], unique: [["givenName", "familyName"], ["email"]] }] }"#
        T.expectFailure(T.document(#"\#(people), steps: [{ at: "0s", on: "r1", update: { entity: "Person", key: { givenName: "Ada", familyName: "L" }, set: { email: "a@x.org" } } }]"#),
                        "t.json5: steps[0].update.set: 'email' belongs to a unique key, which is a record's identity and cannot be updated")
    }

    @Test func createsNeedTheirKeyField() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { name: "Ada" } } }"#),
                        "t.json5: steps[0].create.fields: a create of User needs its key field 'email'")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: {} } }"#),
                        "t.json5: steps[0].create.fields: a create of User needs its key field 'email'")
        let people = #"schema: { entities: [{ name: "Person", fields: ["givenName", "familyName"], unique: [["givenName", "familyName"]] }] }"#
        T.expectFailure(T.document(#"\#(people), steps: [{ at: "0s", on: "r1", create: { entity: "Person", fields: { givenName: "Ada" } } }]"#),
                        "t.json5: steps[0].create.fields: a create of Person needs its key field 'familyName'")
    }

    @Test func valueTemplates() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { email: "same@example.com" } } }"#),
                        "t.json5: steps[0].import.values.email: a key field's pattern needs {n}, or every row would share one key")
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", random: { entity: "User", ops: 3, keys: 3, values: { email: "same" } } }"#),
                        "t.json5: steps[0].random.values.email: a key field's pattern needs {n}, or every row would share one key")
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { email: ["a", "b", "c"] } } }"#),
                        "t.json5: steps[0].import.values.email: a key field takes a pattern with {n}, not a list of choices")
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { name: [] } } }"#),
                        "t.json5: steps[0].import.values.name: expected at least one value to choose from")
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { name: 3 } } }"#),
                        #"t.json5: steps[0].import.values.name: expected a pattern such as "user{n}@example.com" or a list of values, found 3"#)
        T.expectFailure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { name: ["a", null] } } }"#),
                        "t.json5: steps[0].import.values.name[1]: expected a string or a whole number, found null")
        // A non-key field may repeat one value.
        #expect(T.failure(T.steps(#"{ at: "0s", on: "all", import: { entity: "User", count: 3, values: { name: "Ada" } } }"#)) == nil)
    }

    @Test func importAndRandomCounts() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", import: { entity: "User", count: 0 } }"#),
                        "t.json5: steps[0].import.count: expected a whole number from 1 to 1000000, found 0")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", import: { entity: "User" } }"#),
                        "t.json5: steps[0].import: missing required key 'count'")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: -1, keys: 3 } }"#),
                        "t.json5: steps[0].random.ops: expected a whole number from 0 to 1000000, found -1")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 0 } }"#),
                        "t.json5: steps[0].random.keys: expected a whole number from 1 to 1000000, found 0")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 1, mix: { update: 0 } } }"#),
                        "t.json5: steps[0].random.mix: expected at least one positive weight")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 1, mix: { update: -1 } } }"#),
                        "t.json5: steps[0].random.mix.update: expected 0 or a weight from 0.000001 to 1000, found -1")
    }

    @Test func links() {
        let shop = #"schema: { entities: [{ name: "Product", fields: ["sku"], unique: [["sku"]], relations: { tags: "Tag" } }, { name: "Tag", fields: ["name"], unique: [["name"]] }] }"#
        T.expectFailure(T.document(#"\#(shop), steps: [{ at: "0s", on: "r1", link: { entity: "Product", key: { sku: "A" }, relation: "tag", to: { name: "x" } } }]"#),
                        "t.json5: steps[0].link.relation: unknown relation 'tag' of Product; relations: tags; did you mean 'tags'?")
        T.expectFailure(T.document(#"\#(shop), steps: [{ at: "0s", on: "r1", link: { entity: "Tag", key: { name: "x" }, relation: "tags", to: { sku: "A" } } }]"#),
                        "t.json5: steps[0].link.relation: unknown relation 'tags' of Tag; relations: none")
        T.expectFailure(T.document(#"\#(shop), steps: [{ at: "0s", on: "r1", link: { entity: "Product", key: { sku: "A" }, relation: "tags", to: { sku: "x" } } }]"#),
                        "t.json5: steps[0].link.to.sku: unknown field 'sku' of Tag; fields: name")
    }

    // MARK: Schema

    @Test func schemas() {
        T.expectFailure(T.document(#"schema: { entities: [{ name: "Product", fields: ["sku"], unique: [["sku"]], relations: { tags: "Tag" } }] }"#),
                        "t.json5: schema.entities[0].relations.tags: unknown entity 'Tag'; entities: Product")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "Product", fields: ["sku"], relations: { sku: "Product" } }] }"#),
                        "t.json5: schema.entities[0].relations.sku: 'sku' is already a field of Product")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["email", "name"], unique: [["mail"]] }] }"#),
                        "t.json5: schema.entities[0].unique[0][0]: unknown field 'mail' of User; fields: email, name; did you mean 'email'?")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["email", "name"], unique: [["name"], ["email", "nom"]] }] }"#),
                        "t.json5: schema.entities[0].unique[1][1]: unknown field 'nom' of User; fields: email, name")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["email"], unique: [[]] }] }"#),
                        #"t.json5: schema.entities[0].unique[0]: expected a list of one or more field names, such as ["email"]"#)
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["email"], unique: [["email"], ["email"]] }] }"#),
                        "t.json5: schema.entities[0].unique[1]: this unique key is listed twice")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["email"], unique: [["email", "email"]] }] }"#),
                        "t.json5: schema.entities[0].unique[0][1]: field 'email' is listed twice in this key")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "User", fields: ["a"] }, { name: "User", fields: ["b"] }] }"#),
                        "t.json5: schema.entities[1].name: entity 'User' is defined twice")
        T.expectFailure(T.document(#"schema: { entities: [] }"#), "t.json5: schema.entities: expected at least one entity")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "A", fields: [] }] }"#), "t.json5: schema.entities[0].fields: expected at least one field")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "A", fields: ["a", "a"] }] }"#), "t.json5: schema.entities[0].fields[1]: field 'a' is listed twice")
        T.expectFailure(T.document(#"schema: { entities: [{ name: "A" }] }"#), "t.json5: schema.entities[0]: missing required key 'fields'")
        T.expectFailure(T.document(#"schema: {}"#), "t.json5: schema: missing required key 'entities'")
        // Entities are checked against the file's schema, not the default one.
        T.expectFailure(T.document(#"schema: { entities: [{ name: "A", fields: ["a"], unique: [["a"]] }] }, steps: [{ at: "0s", on: "r1", delete: { entity: "User", key: { email: "x" } } }]"#),
                        "t.json5: steps[0].delete.entity: unknown entity 'User'; entities: A")
    }
}
