import Foundation
import Testing

/// `simulate check` on value expectations: a line per strategy and
/// replica naming the value and the replica, expected and actual values
/// quoted, in text, JSON, JUnit and GitHub annotations; `run` fails too.
struct ValueExpectationCheckTests {
    /// r1 creates Ann and renames her: every replica ends with "Ann (r1)",
    /// so the second expectation (r2 still "Ann") fails.
    static let rename = """
    {
      name: "rename",
      strategies: ["lww:field"],
      steps: [
        { at: "0s", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann" } } },
        { at: "1s", on: "r1", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Ann (r1)" } } },
      ],
      expect: [
        { strategy: "lww:field", metric: "duplicates.final", equals: 0 },
        { strategy: "lww:field", record: { entity: "User", key: { email: "ann@example.com" } }, field: "name", on: "*", equals: "Ann (r1)" },
        { strategy: "lww:field", record: { entity: "User", key: { email: "ann@example.com" } }, field: "name", on: "r2", equals: "Ann" },
      ],
    }
    """

    static let subject = #"User { email: "ann@example.com" }.name"#

    @Test func eachReplicaHasALineWithExpectedAndActualValues() async throws {
        let folder = try ScenarioCommandTests.folder(["rename.json5": Self.rename])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rename.json5").path
        let replay = "simulate run \(path) --seed 1 --strategies lww:field"
        let junit = folder.appendingPathComponent("check.xml")
        let output = try await SimulateProcess.run(["check", path, "--junit", junit.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(output.status == 1)
        #expect(ScenarioCommandTests.lines(output.stdout) == [
            "PASS  rename  lww:field  duplicates.final                              = 0           0",
            #"PASS  rename  lww:field  \#(Self.subject) on r1  = "Ann (r1)"  "Ann (r1)""#,
            #"PASS  rename  lww:field  \#(Self.subject) on r2  = "Ann (r1)"  "Ann (r1)""#,
            #"PASS  rename  lww:field  \#(Self.subject) on r3  = "Ann (r1)"  "Ann (r1)""#,
            #"FAIL  rename  lww:field  \#(Self.subject) on r2  = "Ann"       "Ann (r1)""#,
            "      replay: \(replay)",
            #"::error file=\#(path),line=11::rename: lww:field \#(Self.subject) on r2 = "Ann": measured "Ann (r1)"; replay: \#(replay)"#,
            "4 passed, 1 failed",
        ])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"name="lww:field User { email: &quot;ann@example.com&quot; }.name on r2 = &quot;Ann&quot;""#), "\(xml)")

        let json = try await SimulateProcess.run(["check", path, "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("""
                  "strategy": "lww:field",
                  "record": "User { email: \\"ann@example.com\\" }",
                  "field": "name",
                  "replica": "r2",
                  "bound": "= \\"Ann\\"",
                  "equals": "Ann",
                  "actual": "Ann (r1)",
                  "found": true,
                  "passed": false,
                  "line": 11,
        """), "\(json.stdout)")

        let run = try await SimulateProcess.run(["run", path, "--no-timing"])
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"FAIL  rename  lww:field  \#(Self.subject) on r2  = "Ann"       "Ann (r1)""#), "\(run.stdout)")
    }
}
