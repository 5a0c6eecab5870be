import Foundation
import Testing

/// Same scenario and seed: byte-identical reports in separate processes.
///
/// Every process draws its own seed for the hashing of Swift's `Dictionary`
/// and `Set` (unless SWIFT_DETERMINISTIC_HASHING is set, which the children
/// here never inherit), so their iteration orders differ from one process
/// to the next. An order that reaches an output, a tie-break or a random
/// draw shows up as a difference between two processes, never within one.
///
/// 100 seeds of a small scenario (lossy network, a nemesis's partitions and
/// crashes, a skewed and drifting clock, random creates, edits and deletes,
/// concurrent writers creating a key the others also create; mesh for odd
/// seeds, hub for even), four strategies each, printed as JSON without
/// timing by two `simulate` processes running at once: about 6 s each in a
/// debug build, where `simulate` checks invariants after every event.
struct CrossProcessDeterminismTests {
    static let seeds: ClosedRange<UInt64> = 1 ... 100
    static let strategies = ["unique:error", "lww:field", "dedupe", "crdt"]

    static func scenario(seed: UInt64) -> String {
        """
        {
          name: "cross-process-\(seed)",
          description: "Seed \(seed) of the cross-process determinism check.",
          replicas: 3,
          seed: \(seed),
          topology: "\(seed % 2 == 1 ? "mesh" : "hub")",
          until: "120s",
          network: { drop: 0.3, duplicate: 0.1, reorder: 0.2, delay: ["5ms", "60ms"] },
          clocks: { r2: { skew: "-300ms", drift: 0.0001 } },
          steps: [
            { at: "0s", nemesis: { every: "200ms", until: "1s", partition: 0.5, crash: 0.2 } },
            { at: "0s", on: "all", random: { entity: "User", ops: 4, keys: 4, over: "800ms", mix: { create: 0.5, update: 0.4, delete: 0.1 } } },
            { at: "100ms", on: "r1", writers: 3, create: { entity: "User", fields: { email: "email-3", name: "Writer" } } },
          ],
          strategies: [\(strategies.map { "\"\($0)\"" }.joined(separator: ", "))],
        }
        """
    }

    @Test func hundredSeedsGiveIdenticalBytesInTwoProcesses() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cross-process-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for seed in Self.seeds {
            let file = folder.appendingPathComponent("seed-\(seed).json5")
            try Data(Self.scenario(seed: seed).utf8).write(to: file)
            paths.append(file.path)
        }
        let arguments = ["run"] + paths + ["--format", "json", "--no-timing"]
        async let firstRun = Self.simulate(arguments)
        async let secondRun = Self.simulate(arguments)
        let (first, second) = try await (firstRun, secondRun)

        #expect(first.status == 0 && second.status == 0, "exit \(first.status) and \(second.status): \(first.stderr)\(second.stderr)")
        // The output is what it should be, so equal bytes mean something:
        // one report per seed, in order, each with every strategy.
        let document = try #require(try JSONSerialization.jsonObject(with: first.stdoutData) as? [String: Any], "stdout is not a JSON object")
        let reports = try #require(document["reports"] as? [[String: Any]], "stdout has no reports array")
        #expect(reports.map { $0["seed"] as? Int } == Self.seeds.map { Int($0) })
        #expect(reports.allSatisfy { ($0["results"] as? [[String: Any]])?.compactMap { $0["strategy"] as? String } == Self.strategies })

        if first.stdoutData == second.stdoutData {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        let (line, seed) = Self.firstDifference(first.stdoutData, second.stdoutData)
        Issue.record("""
            two processes printed different reports: first difference at line \(line), in the report of seed \(seed.map(String.init) ?? "?")
            replay: simulate run \(folder.path)/seed-\(seed.map(String.init) ?? "N").json5 --format json --no-timing, twice, and diff
            (the scenario files and both outputs are kept in \(folder.path))
            """)
        try first.stdoutData.write(to: folder.appendingPathComponent("first.json"))
        try second.stdoutData.write(to: folder.appendingPathComponent("second.json"))
    }

    /// The failure message points at the right report.
    @Test func firstDifferenceNamesTheLineAndTheSeed() {
        let a = Data("[\n  {\n    \"seed\": 7,\n    \"x\": 1\n  },\n  {\n    \"seed\": 8,\n    \"x\": 2\n  }\n]".utf8)
        let b = Data("[\n  {\n    \"seed\": 7,\n    \"x\": 1\n  },\n  {\n    \"seed\": 8,\n    \"x\": 3\n  }\n]".utf8)
        #expect(Self.firstDifference(a, b) == (8, 8))
        #expect(Self.firstDifference(a, a) == (11, 8))
    }

    /// The first line where the two outputs differ (1-based), and the seed
    /// of the report it belongs to.
    static func firstDifference(_ a: Data, _ b: Data) -> (line: Int, seed: Int?) {
        let left = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let right = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(left.count, right.count)
        let index = (0 ..< common).first { left[$0] != right[$0] } ?? common
        let seedLine = left[..<min(index + 1, left.count)].last { $0.contains("\"seed\": ") }
        return (index + 1, seedLine.flatMap { line in Int(String(line.filter { $0.isNumber })) })
    }

    /// Runs the built `simulate` without SWIFT_DETERMINISTIC_HASHING, so each
    /// process hashes with its own seed.
    static func simulate(_ arguments: [String]) async throws -> SimulateProcess.Output {
        try await SimulateProcess.run(arguments, unsetting: ["SWIFT_DETERMINISTIC_HASHING"])
    }
}
