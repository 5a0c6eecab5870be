import SyncModel
import SyncSimulation
import Testing

/// Value expectations: the field a fetch by key returns on named replicas
/// at the end of a run, checked per strategy and replica.
struct ValueExpectationTests {
    typealias T = ScenarioFileTesting

    /// r1 creates Ann, renames her a second later and clears her city;
    /// sync brings both to r2 and r3.
    static func rename(_ expect: String, cloudkit: Bool = false) -> String {
        """
        { name: "rename", strategies: ["lww", "lww:field"], \(cloudkit ? #"engine: "cloudkit","# : "")
          steps: [
            { at: "0s", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann", city: "Oslo" } } },
            { at: "1s", on: "r1", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Ann (r1)", city: null } } },
          ],
          expect: [\(expect)] }
        """
    }

    static let ann = #"record: { entity: "User", key: { email: "ann@example.com" } }"#

    static func outcomes(_ text: String) throws -> [ValueOutcome] {
        let document = try T.parse(text)
        let strategies = try document.strategyNames.map { try #require(StrategyCatalog.strategy(named: $0)) }
        let results = Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed)
        return ValueOutcome.check(document.valueExpectations, against: results)
    }

    @Test func everyReplicaEndsWithTheNewName() throws {
        let outcomes = try Self.outcomes(Self.rename(#"{ strategy: "*", \#(Self.ann), field: "name", on: "*", equals: "Ann (r1)" }"#))
        #expect(outcomes.map { "\($0.strategy) \($0.replica)" } == ["lww r1", "lww r2", "lww r3", "lww:field r1", "lww:field r2", "lww:field r3"])
        #expect(outcomes.allSatisfy { $0.passed && $0.actual == .value(.string("Ann (r1)")) })
    }

    @Test func aWrongValueFailsWithTheActualOne() throws {
        let outcomes = try Self.outcomes(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: ["r3", "r2"], equals: "Ann" }"#))
        #expect(outcomes.map(\.replica) == ["r3", "r2"], "in the order named")
        #expect(outcomes.allSatisfy { !$0.passed && $0.actual == .value(.string("Ann (r1)")) })
    }

    /// `null` holds for a cleared field and for a key no replica holds
    /// any more; a number compares as the file writes it.
    @Test func nullMatchesAnUnsetFieldOrNoRecord() throws {
        let cleared = try Self.outcomes(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "city", on: "r2", equals: null }"#))
        #expect(cleared.map(\.passed) == [true])
        #expect(cleared.first?.actual == .value(nil))

        let deleted = try Self.outcomes("""
            { name: "gone", strategies: ["lww"], steps: [
                { at: "0s", on: "r1", create: { entity: "User", fields: { email: "a@x", name: 7 } } },
                { at: "1s", on: "r2", delete: { entity: "User", key: { email: "a@x" } } } ],
              expect: [{ strategy: "lww", record: { entity: "User", key: { email: "a@x" } }, field: "name", on: "r1", equals: null },
                       { strategy: "lww", record: { entity: "User", key: { email: "a@x" } }, field: "name", on: "r1", equals: 7 }] }
            """)
        #expect(deleted.map(\.actual) == [.noRecord, .noRecord])
        #expect(deleted.map(\.passed) == [true, false])

        let number = try Self.outcomes("""
            { name: "n", strategies: ["lww"], steps: [{ at: "0s", on: "r1", create: { entity: "User", fields: { email: "a@x", name: 7 } } }],
              expect: [{ strategy: "lww", record: { entity: "User", key: { email: "a@x" } }, field: "name", on: "r2", equals: 7 }] }
            """)
        #expect(number.map(\.passed) == [true])
    }

    /// The cloudkit engine's `server` is read only when named.
    @Test func theCloudKitServerIsReadWhenNamed() throws {
        let outcomes = try Self.outcomes(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: ["server", "r2"], equals: "Ann (r1)" }"#,
                                                     cloudkit: true))
        #expect(outcomes.map(\.replica) == ["server", "r2"])
        #expect(outcomes.allSatisfy { $0.passed })
        let every = try T.parse(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: "*", equals: "x" }"#, cloudkit: true))
        #expect(every.valueExpectations.first?.replicaNames == ["r1", "r2", "r3"])
    }

    @Test func metricAndValueExpectationsKeepTheFilesOrder() throws {
        let document = try T.parse(Self.rename("""
            { strategy: "lww", metric: "duplicates.final", equals: 0 },
            { strategy: "lww", \(Self.ann), field: "name", on: "r1", equals: "Ann (r1)" },
            { strategy: "lww", metric: "diverged", equals: 0 }
            """))
        #expect(document.allExpectations.map { if case .value = $0 { "value" } else { "metric" } } == ["metric", "value", "metric"])
        #expect(document.expectations.map(\.metric) == [.duplicatesFinal, .diverged])
        #expect(document.scenario.watchedFields.count == 1)
    }

    @Test func errorsNameThePlace() {
        T.expectFailure(Self.rename(#"{ strategy: "lww", record: { entity: "Usr", key: { email: "ann@example.com" } }, field: "name", on: "*", equals: "x" }"#),
                        "t.json5: expect[0].record.entity: unknown entity 'Usr'; entities: User; did you mean 'User'?")
        T.expectFailure(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "nme", on: "*", equals: "x" }"#),
                        "t.json5: expect[0].field: unknown field 'nme' of User; fields: email, name, city; did you mean 'name'?")
        T.expectFailure(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: ["r1", "r9"], equals: "x" }"#),
                        "t.json5: expect[0].on[1]: unknown replica 'r9'; replicas: r1, r2, r3")
        T.expectFailure(Self.rename(#"{ strategy: "lww", record: { entity: "User", key: { email: "bob@example.com" } }, field: "name", on: "*", equals: "x" }"#),
                        #"t.json5: expect[0].record.key: no step creates User { email: "bob@example.com" }: no replica can hold that record, so this would check nothing; create it first (import, create) or name another key"#)
        T.expectFailure(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: "*", min: 1 }"#),
                        "t.json5: expect[0].min: unknown key 'min'; allowed: strategy, record, field, on, equals, variant")
        T.expectFailure(Self.rename(#"{ strategy: "lww", \#(Self.ann), field: "name", on: "*", equals: [1] }"#),
                        "t.json5: expect[0].equals: expected a string, a number, true, false or null, found a list")
    }
}
