import Foundation
import Testing

/// Issue 41: a scenario with no fault whose one write comes 1 ms before
/// `until` printed LIVENESS FAILURE for `lww` and `crdt`, and `explore`
/// failed every seed. The write could not have reached another device in
/// time: the run was cut short, and its liveness is not judged.
struct CutShortCommandTests {
    static func file() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cut-short-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("late-write.json5").path
        try """
        { name: "late-write", replicas: 3, until: "1s", strategies: ["lww", "crdt"],
          schema: { entities: [ { name: "User", fields: ["email", "name"], unique: [["email"]] } ] },
          steps: [ { at: "999ms", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann" } } } ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    @Test func runSaysCutShortNotLivenessFailure() async throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["run", path, "--no-timing"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("LIVENESS FAILURE"))
        for name in ["lww", "crdt"] {
            #expect(output.stdout.contains("warning: \(name) reached the end, 1 s, 1 ms after its last write or heal, sooner than the 840 ms sync may need: "
                + "cut short before sync finished; its figures are not final; its liveness is not judged"), "\(output.stdout)")
        }
        let json = try await SimulateProcess.run(["run", path, "--no-timing", "--format", "json"])
        #expect(json.status == 0)
        let liveness = json.stdout.components(separatedBy: "\"liveness\": \"not judged\"").count - 1
        #expect(liveness == 2, "\(json.stdout)")
        #expect(json.stdout.contains("\"cutShort\": {"))
        #expect(json.stdout.contains("\"lastWriteOrHealSeconds\": 0.999"))
        #expect(json.stdout.contains("\"syncMayNeedSeconds\": 0.84"))
        #expect(!json.stdout.contains("\"stoppedAt\""))
    }

    @Test func exploreFindsNothing() async throws {
        let (folder, path) = try Self.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await SimulateProcess.run(["explore", path, "--seeds", "1..10"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(!output.stdout.contains("FAIL"))
        #expect(output.stdout.contains("10 passed, 0 failed"))
    }
}
