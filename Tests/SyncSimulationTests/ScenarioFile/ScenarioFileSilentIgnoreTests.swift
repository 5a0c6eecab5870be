import SyncSimulation
import Testing

/// Things a scenario file could say that would otherwise be silently
/// ignored: each is refused with one exact message.
struct ScenarioFileSilentIgnoreTests {
    typealias T = ScenarioFileTesting

    /// `JSONDecoder` keeps one value of a repeated key; the reader refuses it.
    @Test func aKeyGivenTwiceIsRefused() {
        #expect(T.failure(#"{ name: "a", name: "b" }"#)?.description == "t.json5: name: key 'name' is given twice")
        #expect(T.failure(T.document("network: { drop: 0.5, drop: 0 }"))?.description
                    == "t.json5: network.drop: key 'drop' is given twice")
        #expect(T.failure(T.steps(#"{ at: "0s", heal: true }, { at: "1s", "heal": true, heal: true }"#))?.description
                    == "t.json5: steps[1].heal: key 'heal' is given twice")
        // The same key in two different objects is fine, and so is one in a string or comment.
        #expect(T.failure(#"{ name: "a", /* name: 1 */ description: "name: b", network: { drop: 0 }, sync: { every: "1s" } }"#) == nil)
    }

    /// A step at or after `until` would never run.
    @Test func aStepAfterTheEndOfTheRunIsRefused() {
        let text = T.document(#"until: "1s", replicas: 1, steps: [{ at: "5s", on: "r1", create: { entity: "User", fields: { email: "a" } } }]"#)
        #expect(T.failure(text)?.description
                    == "t.json5: steps[0].at: 5s is not before the end of the run (until: 1s), so this step would never run")
        let nemesis = T.document(#"until: "10s", steps: [{ at: "0s", nemesis: { every: "1s", until: "90s" } }]"#)
        #expect(T.failure(nemesis)?.description == "t.json5: steps[0].nemesis.until: 90s is after the end of the run (until: 10s)")
    }

    /// Updates need a field outside the key; an entity with none is refused.
    @Test func randomUpdatesOfAnAllKeyEntityAreRefused() {
        let text = T.document("""
        replicas: 1,
        schema: { entities: [{ name: "Tag", fields: ["name"], unique: [["name"]] }] },
        steps: [{ at: "0s", on: "r1", random: { entity: "Tag", ops: 5, keys: 5, mix: { update: 1 } } }]
        """)
        #expect(T.failure(text)?.description == "t.json5: steps[0].random.mix: updates need a field outside Tag's unique keys, and it has none")
    }

    /// Mix weights are kept in millionths: 0.0004 is a real weight; a
    /// positive weight too small to keep is refused, not rounded to 0.
    @Test func smallMixWeightsAreKeptOrRefused() throws {
        let small = T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 3, keys: 1, mix: { create: 0.0004 } } }"#)
        #expect(try T.parse(small).scenario.drawingWorkload(seed: 1).steps.count == 3)
        let tiny = T.steps(#"{ at: "0s", on: "r1", random: { entity: "User", ops: 1, keys: 1, mix: { create: 0.0000001, update: 1 } } }"#)
        #expect(T.failure(tiny)?.description == "t.json5: steps[0].random.mix.create: expected 0 or a weight from 0.000001 to 1000, found 1e-07")
    }
}
