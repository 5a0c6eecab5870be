import Foundation
import Testing

/// `simulate benchmark --scaling`, end to end on tiny grids: one JSON
/// object with every key, for each strategy and count, a table that says
/// what its figures mean, and refusals of the other mode's options.
struct BenchmarkScalingCommandTests {
    static let tinyGrid = ["benchmark", "--scaling", "--keys", "20,40", "--replica-counts", "2,3", "--strategies", "dedupe,crdt"]

    static let topLevelKeys = ["schemaVersion", "tool", "toolVersion", "command", "seed", "keyCounts", "keysReplicas", "replicaCounts",
                               "replicasKeys", "strategies", "build", "machine", "scaling", "fullRun", "dictionary", "fullRunVsDictionary",
                               "bytesPerRecordPerReplica", "memorySource", "bytesInUse", "peakRSSBytesPerRecordPerReplica", "keyGridPeakRSSBytes",
                               "peakRSSBytes", "wallSeconds", "targets"]
    static let strategyKeys = ["keysSlope", "cpuSecondsByKeys", "vsCrdt", "applicationsByKeys", "perApplicationMicros",
                               "perApplicationMicrosByReplicas", "replicasSlope", "cpuSecondsByReplicas", "applicationsByReplicas"]

    /// The keys of the object that starts at `line`, `indent` spaces in, in the order printed.
    static func keys(in text: String, indent: Int, after marker: String? = nil) -> [String] {
        var lines = text.split(separator: "\n").map(String.init)
        if let marker, let start = lines.firstIndex(where: { $0.hasPrefix(marker) }) {
            lines = Array(lines[(start + 1)...])
            let closing = String(repeating: " ", count: indent - 2) + "}"
            if let end = lines.firstIndex(where: { $0.hasPrefix(closing) }) { lines = Array(lines[..<end]) }
        }
        let prefix = String(repeating: " ", count: indent) + "\""
        return lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != "\"" }) }
    }

    @Test func jsonHoldsEveryKeyForEachStrategyAndCount() async throws {
        let output = try await SimulateProcess.run(Self.tinyGrid + ["--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.keys(in: output.stdout, indent: 2) == Self.topLevelKeys)
        let document = try SimulateProcess.parseObject(output.stdout)
        #expect(document["command"] as? String == "benchmark")
        #expect(document["keyCounts"] as? [Int] == [20, 40] && document["replicaCounts"] as? [Int] == [2, 3])
        #expect(document["keysReplicas"] as? Int == 5 && document["replicasKeys"] as? Int == 100)
        #expect(document["strategies"] as? [String] == ["dedupe", "crdt"])

        #expect(Self.keys(in: output.stdout, indent: 4, after: "  \"scaling\"") == ["dedupe", "crdt"], "strategies in the order run")
        let scaling = try #require(document["scaling"] as? [String: [String: Any]])
        for strategy in ["dedupe", "crdt"] {
            #expect(Self.keys(in: output.stdout, indent: 6, after: "    \"\(strategy)\"") == Self.strategyKeys, "\(strategy)")
            let figures = try #require(scaling[strategy])
            for key in ["cpuSecondsByKeys", "vsCrdt", "applicationsByKeys"] {
                #expect((figures[key] as? [String: Any]).map { Set($0.keys) } == ["20", "40"], "\(strategy).\(key)")
            }
            for key in ["perApplicationMicrosByReplicas", "cpuSecondsByReplicas", "applicationsByReplicas"] {
                #expect((figures[key] as? [String: Any]).map { Set($0.keys) } == ["2", "3"], "\(strategy).\(key)")
            }
            let perApplication = try #require(figures["perApplicationMicrosByReplicas"] as? [String: Double])
            #expect(figures["perApplicationMicros"] as? Double == perApplication["3"], "the figure at the largest replica count")
        }
        let crdt = try #require(scaling["crdt"])
        #expect(crdt["vsCrdt"] as? [String: Double] == ["20": 1, "40": 1])
        // Each of R replicas imports 100 users and makes 50 updates; the others apply them all.
        #expect(crdt["applicationsByReplicas"] as? [String: Int] == ["2": 2 * 150, "3": 6 * 150])
        #expect(crdt["applicationsByKeys"] as? [String: Int] == ["20": 20 * 30, "40": 20 * 60])

        let fullRun = try #require(document["fullRun"] as? [String: Any])
        #expect(fullRun["strategy"] as? String == "crdt" && fullRun["keys"] as? Int == 40 && fullRun["applications"] as? Int == 1_200)
        let dictionary = try #require(document["dictionary"] as? [String: Any])
        #expect(dictionary["records"] as? Int == 40 && dictionary["replicas"] as? Int == 5 && dictionary["trials"] as? Int == 3)
        let ratio = try #require(document["fullRunVsDictionary"] as? Double)
        let rates = (try #require(fullRun["recordsPerSecond"] as? Double), try #require(dictionary["recordsPerSecond"] as? Double))
        #expect(abs(ratio - rates.0 / rates.1) <= 1e-3 * ratio + 1e-6)

        let targets = try #require(document["targets"] as? [String: [String: Any]])
        #expect(Self.keys(in: output.stdout, indent: 4, after: "  \"targets\"") ==
            ["scaling.dedupe.keysSlope", "scaling.crdt.keysSlope", "bytesPerRecordPerReplica", "fullRunVsDictionary"],
            "no ratio judged: the grid has neither 3,000 nor 10,000 keys")
        #expect(targets["fullRunVsDictionary"]?["atLeast"] as? Double == 0.5)
        #expect(targets["bytesPerRecordPerReplica"]?["atMost"] as? Double == 200)
        #expect(targets["scaling.crdt.keysSlope"]?["atMost"] as? Double == 1.2)
    }

    @Test func theTableSaysWhatEachFigureMeans() async throws {
        let output = try await SimulateProcess.run(Self.tinyGrid)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("SyncSim benchmark --scaling · 2 strategies · seed 1 · ") })
        #expect(lines.contains { $0.hasPrefix("  strategy") && $0.contains("20 keys") && $0.hasSuffix("keysSlope") })
        #expect(lines.contains { $0.hasPrefix("  strategy") && $0.contains("2 replicas") && $0.hasSuffix("replicasSlope  applications at 3") })
        #expect(output.stdout.contains("keysSlope: least-squares slope of log(CPU) on log(N): 1 = linear, 2 = quadratic"))
        #expect(output.stdout.contains("replicasSlope: least-squares slope of log(µs per application) on log(R): 0 = flat"))
        #expect(output.stdout.contains("full run ÷ Dictionary: "))
        #expect(lines.contains { $0.hasPrefix("  memory store: ") && $0.contains(" bytes (allocator bytes in use, ") })
        #expect(lines.contains { $0.hasPrefix("  peak RSS: ") && $0.contains("after the key grid ÷ 40 × 5") })
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Targets: ") })
        let targets = lines[(heading + 1)...].filter { !$0.isEmpty }
        #expect(targets.count == 4 && targets.allSatisfy { $0.hasSuffix(" met") || $0.hasSuffix(" missed") }, "\(targets)")
        #expect(lines[heading] == "Targets: \(targets.filter { $0.hasSuffix(" met") }.count) of 4 met")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "no trailing spaces")
    }

    static let refusals: [([String], String)] = [
        (["--scaling", "--records", "5000"],
         "--scaling does not take --records: it runs the default scenario on its own grid (--keys, --replica-counts, --strategies); leave it out"),
        (["--scaling", "--batch", "10", "--replicas", "3"],
         "--scaling does not take --replicas, --batch: it runs the default scenario on its own grid (--keys, --replica-counts, --strategies); "
             + "leave them out"),
        (["--scaling", "--store", "sqlite"],
         "--scaling does not take --store: it runs the default scenario on its own grid (--keys, --replica-counts, --strategies); leave it out"),
        (["--keys", "20,40"], "--keys is for --scaling only: add --scaling, or leave it out"),
        (["--replica-counts", "2,3", "--strategies", "crdt"], "--replica-counts, --strategies are for --scaling only: add --scaling, or leave them out"),
        (["--scaling", "--keys", "40,20"], "--keys needs at least two counts in ascending order, each once, to fit a slope; got 40,20"),
        (["--scaling", "--keys", "1000"], "--keys needs at least two counts in ascending order, each once, to fit a slope; got 1000"),
        (["--scaling", "--replica-counts", "3,3"], "--replica-counts needs at least two counts in ascending order, each once, to fit a slope; got 3,3"),
        (["--scaling", "--keys", "5,10"], "--keys expects a comma-separated list of whole numbers from 10 to 1000000, got '5,10'"),
        (["--scaling", "--replica-counts", "1,2"], "--replica-counts expects a comma-separated list of whole numbers from 2 to 500, got '1,2'"),
        (["--scaling", "--strategies", "lww,dedupe"],
         "--strategies must include crdt: every other strategy's CPU is divided by its, and its full run is the one timed"),
        (["--scaling", "--format", "markdown"], "--format expects one of table, json, got 'markdown'"),
    ]

    @Test(arguments: refusals)
    func anOptionOfTheOtherModeExitsTwoNamingIt(_ arguments: [String], _ message: String) async throws {
        let output = try await SimulateProcess.run(["benchmark"] + arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: \(message)\n")
    }
}
