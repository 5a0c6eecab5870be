import Foundation
import SyncSimulation
import Testing

/// A misspelt key, name or metric in a scenario file: the error ends with
/// the closest allowed word when one is close.
struct ScenarioFileSuggestionTests {
    typealias T = ScenarioFileTesting
    typealias E = ScenarioFileErrorTests

    @Test func keys() {
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "diverged", equal: 0 }]"#),
                        "t.json5: expect[0].equal: unknown key 'equal'; allowed: strategy, metric, equals, min, max, variant; did you mean 'equals'?")
        T.expectFailure(T.document("netwrk: { drop: 0.1 }"), "t.json5: netwrk: unknown key 'netwrk'; allowed: \(E.topLevelKeys); did you mean 'network'?")
        T.expectFailure(T.document("network: { dorp: 0.1 }"),
                        "t.json5: network.dorp: unknown key 'dorp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?")
        // Nothing close: no suggestion.
        T.expectFailure(T.document("network: { loss: 0.1 }"), "t.json5: network.loss: unknown key 'loss'; allowed: drop, duplicate, reorder, delay, links")
    }

    @Test func metricsAndStrategies() {
        T.expectFailure(T.document(#"expect: [{ strategy: "lww", metric: "duplicates.fnal", equals: 1 }]"#),
                        "t.json5: expect[0].metric: unknown metric 'duplicates.fnal'; metrics: \(E.allMetrics); did you mean 'duplicates.final'?")
        T.expectFailure(T.document(#"strategies: ["crtd"]"#), "t.json5: strategies[0]: unknown strategy 'crtd'; allowed: \(E.allStrategies); did you mean 'crdt'?")
    }

    @Test func choices() {
        T.expectFailure(T.document(#"topology: "hbu""#), #"t.json5: topology: expected one of "mesh", "hub", found "hbu"; did you mean "hub"?"#)
        T.expectFailure(T.document(#"engine: "clodkit""#), #"t.json5: engine: expected one of "peer", "cloudkit", found "clodkit"; did you mean "cloudkit"?"#)
        T.expectFailure(T.document(#"preset: "sqlitedate""#),
                        #"t.json5: preset: expected one of "nspckc", "cksyncengine", "sqlitedata", "ownserver", found "sqlitedate"; did you mean "sqlitedata"?"#)
    }

    @Test func fieldsAndEntities() {
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "User", fields: { emial: "a@x" } } }"#),
                        "t.json5: steps[0].create.fields.emial: unknown field 'emial' of User; \(E.userFields); did you mean 'email'?")
        T.expectFailure(T.steps(#"{ at: "0s", on: "r1", create: { entity: "Usr", fields: { email: "a@x" } } }"#),
                        "t.json5: steps[0].create.entity: unknown entity 'Usr'; entities: User; did you mean 'User'?")
    }
}
