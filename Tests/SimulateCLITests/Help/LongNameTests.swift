import Foundation
import Testing
import TestSupport

/// A name of 5,000 characters, typed or in a file, is cut where an error
/// quotes it (issue 41: one error quoted it whole): its first 72
/// characters, then how many more, so every error stays one short line.
struct LongNameTests {
    static let long = String(repeating: "x", count: 5_000)
    static let cut = String(repeating: "x", count: 72) + "…(4,928 more)"

    /// `file` and `model` stand for a scenario file and a SwiftData model.
    static let commandLines: [[String]] = [
        ["--strategies", long], ["--preset", long], ["--engine", long], [long], ["--" + long],
        ["run", "file", "--strategies", "lww," + long], ["run", "file", "--format", long],
        ["sweep", "file", "--vary", long + "=1"], ["sweep", "file", "--vary", "network.drop=" + long],
        ["explore", "file", "--nemesis", long + "=1"], ["explore", "file", "--seeds", long],
        ["advise", "model", "--key", long + ".isbn"], ["advise", "model", "--key", "Book." + long],
        ["advise", "model", "--key", "Book.isbn", "--habits", long], ["advise", "model", "--key", "Book.isbn", "--rank", long],
        ["advise", "model", "--key", "Book.isbn", "--presets", long], ["advise", "model", "--key", "Book.isbn", "--offline", long],
        ["completions", long], ["help", long],
    ]

    @Test(arguments: commandLines.indices)
    func typed(_ index: Int) async throws {
        let folder = try ScenarioCommandTests.folder(["file.json5": #"{ name: "f", replicas: 2 }"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = PackageRoot.url.appendingPathComponent("Tests/SyncLintTests/Fixtures/SwiftData/Library").path
        let file = folder.appendingPathComponent("file.json5").path
        let output = try await SimulateProcess.run(Self.commandLines[index].map { $0 == "model" ? model : $0 == "file" ? file : $0 })
        Self.expectCut(output, "\(Self.commandLines[index].map { $0.prefix(20) })")
    }

    @Test func inAFile() async throws {
        let long = Self.long
        let folder = try ScenarioCommandTests.folder([
            "a.json5": #"{ name: "\#(long)", replicas: 2 }"#,
            "b.json5": #"{ name: "\#(long)", replicas: 2 }"#,
            "strategy.json5": #"{ name: "s", strategies: ["\#(long)"] }"#,
            "preset.json5": #"{ name: "p", preset: "\#(long)" }"#,
            "engine.json5": #"{ name: "e", engine: "\#(long)" }"#,
            "metric.json5": #"{ name: "m", expect: [{ strategy: "lww", metric: "\#(long)", equals: 0 }] }"#,
            "entity.json5": #"{ name: "n", schema: { entities: [{ name: "\#(long)", fields: ["name"] }] }, "#
                + #"steps: [{ at: "0s", on: "all", import: { entity: "y\#(long)", count: 1, values: {} } }] }"#,
            "key.json5": #"{ name: "k", \#(long): 1 }"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        Self.expectCut(try await SimulateProcess.run(["run", path("a.json5"), path("b.json5")]), "two scenarios of one name")
        Self.expectCut(try await SimulateProcess.run(["check", path("a.json5"), path("b.json5")]), "check: two scenarios of one name")
        for name in ["strategy", "preset", "engine", "metric", "entity", "key"] {
            Self.expectCut(try await SimulateProcess.run(["run", path("\(name).json5")]), name)
        }
    }

    /// One line on stderr, exit 2, the name cut, and nothing near its
    /// whole length: the list of what is allowed is the longest part left.
    static func expectCut(_ output: SimulateProcess.Output, _ what: String) {
        #expect(output.status == 2, "\(what): \(output.stderr.prefix(300))")
        #expect(output.stderr.filter { $0 == "\n" }.count == 1, "\(what)")
        #expect(output.stderr.contains(cut) || output.stderr.contains("…(4,9"), "\(what): \(output.stderr.prefix(300))")
        #expect(output.stderr.count < 1_200, "\(what): \(output.stderr.count) characters: \(output.stderr.prefix(300))")
        #expect(!output.stderr.contains(String(repeating: "x", count: 100)), "\(what): \(output.stderr.prefix(300))")
    }
}
