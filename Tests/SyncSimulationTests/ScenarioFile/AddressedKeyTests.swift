@testable import SyncSimulation
import SyncModel
import Testing

/// An update, delete or link of a record no replica holds is never
/// silent: an error at parse time when no step creates the key, a counted
/// miss (`missedIntents`) when it is known only at run time.
struct AddressedKeyTests {
    typealias T = ScenarioFileTesting

    @Test func aKeyNoStepCreatesIsAnErrorNamingTheStep() {
        T.expectFailure(T.steps(#"""
            { at: "10ms", on: "r1", create: { entity: "User", fields: { email: "a@x" } } },
            { at: "20ms", on: "r2", update: { entity: "User", key: { email: "b@x" }, set: { city: "Oslo" } } }
            """#), #"t.json5: steps[1]: no step before this one creates User { email: "b@x" }: no replica can hold that record, so this would do nothing; create it first (import, create) or remove the step"#)
        // Created only later: still nothing to act on when the delete runs.
        T.expectFailure(T.steps(#"""
            { at: "10ms", on: "r1", delete: { entity: "User", key: { email: "a@x" } } },
            { at: "20ms", on: "r1", create: { entity: "User", fields: { email: "a@x" } } }
            """#), #"t.json5: steps[0]: no step before this one creates User { email: "a@x" }: no replica can hold that record, so this would do nothing; create it first (import, create) or remove the step"#)
    }

    /// Random workloads address keys that may never exist, on purpose.
    @Test func randomWorkloadsAreExempt() throws {
        _ = try T.parse(T.steps(#"{ at: "0s", on: "all", random: { entity: "User", ops: 50, keys: 20, over: "1s", mix: { create: 0.1, update: 0.8, delete: 0.1 } } }"#))
    }

    /// r1 creates a user and r2 updates it 5 ms later, before sync can
    /// have brought it (every 100 ms): the app finds nothing, and the miss
    /// is counted. r1 then deletes it and updates it: a second miss.
    @Test(arguments: ["peer", "cloudkit"])
    func missesKnownOnlyAtRunTimeAreCounted(engine: String) throws {
        let text = T.steps(#"""
            { at: "10ms", on: "r1", create: { entity: "User", fields: { email: "a@x" } } },
            { at: "15ms", on: "r2", update: { entity: "User", key: { email: "a@x" }, set: { city: "Oslo" } } },
            { at: "2s", on: "r1", delete: { entity: "User", key: { email: "a@x" } } },
            { at: "3s", on: "r1", update: { entity: "User", key: { email: "a@x" }, set: { city: "Rome" } } }
            """#)
        let run = try RelationshipRun(text, strategy: "lww", engine: engine)
        #expect(run.result.missedIntents == 2 && run.simulation.nodes[1].counters.missedIntents == 1, "\(engine)")
    }
}
