import Foundation
import SyncSimulation
import Testing

/// End-to-end: the built `simulate` executable, run as a user would.
struct SimulateCLITests {
    // MARK: Help

    @Test func helpExitsZeroAndListsEveryStrategy() async throws {
        let output = try await SimulateProcess.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.contains("USAGE: simulate"))
        for name in StrategyCatalog.allNames {
            #expect(output.stdout.contains("  \(name) "), "help does not list \(name)")
        }
        let short = try await SimulateProcess.run(["-h"])
        #expect(short.status == 0)
        #expect(short.stdoutData == output.stdoutData)
    }

    // MARK: Table

    @Test func defaultTableHasARowPerDefaultStrategyInOrder() async throws {
        let output = try await SimulateProcess.run(["--replicas", "5", "--format", "table"])
        #expect(output.status == 0)
        #expect(output.stderr == "", "progress goes to stderr only when it is a terminal")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "SyncSim · scenario default · seed 1 · 5 replicas · memory store")
        let header = try #require(lines.first { $0.hasPrefix("strategy ") })
        #expect(header.hasSuffix("  wall ms"), "timing is on by default")
        let rows = lines.compactMap { line -> String? in
            let first = line.split(separator: " ").first.map(String.init)
            return first.flatMap { StrategyCatalog.allNames.contains($0) ? $0 : nil }
        }
        #expect(rows == StrategyCatalog.defaultNames)
        #expect(lines.last == "replay: simulate --replicas 5 --seed 1")
    }

    /// `--engine cloudkit` prints the same table, its headline and replay
    /// naming the engine; the JSON names it with its settings and carries
    /// the server's duplicates.
    @Test func cloudkitEngineKeepsTheTableShape() async throws {
        let peer = try await SimulateProcess.run(["--replicas", "3", "--strategies", "lww,crdt", "--no-timing"])
        let cloudkit = try await SimulateProcess.run(["--replicas", "3", "--engine", "cloudkit", "--strategies", "lww,crdt", "--no-timing"])
        #expect(cloudkit.status == 0)
        #expect(cloudkit.stderr == "")
        let peerLines = peer.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = cloudkit.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "SyncSim · scenario default · seed 1 · 3 replicas · memory store · cloudkit engine")
        #expect(lines.count == peerLines.count)
        let header = try #require(lines.first { $0.hasPrefix("strategy ") })
        #expect(header == peerLines.first { $0.hasPrefix("strategy ") })
        #expect(cloudkit.stdout.hasSuffix("replay: simulate --replicas 3 --seed 1 --engine cloudkit --strategies lww,crdt\n"))

        let json = try await SimulateProcess.run(["--replicas", "3", "--engine", "cloudkit", "--strategies", "lww", "--format", "json", "--no-timing"])
        let document = try SimulateProcess.parseReport(json.stdout)
        let parameters = try #require(document["parameters"] as? [String: Any])
        #expect(parameters["engine"] as? String == "cloudkit")
        #expect(parameters["replicaNames"] as? [String] == ["r1", "r2", "r3", "server"])
        let settings = try #require(parameters["cloudkit"] as? [String: Any])
        #expect(settings["conflict"] as? String == "recordLWW")
        #expect(settings["savePolicy"] as? String == "ifServerRecordUnchanged")
        #expect(document["replicas"] as? Int == 3)
        let results = try #require(document["results"] as? [[String: Any]])
        // Three devices import the same 100 users under random names: 200
        // duplicates on every device and on the server.
        #expect(results.first?["serverDuplicates"] as? Int == 200)
        #expect(results.first?["conflicts"] as? Int == 0)
    }

    @Test func strategiesAreReportedExactlyAsListed() async throws {
        let table = try await SimulateProcess.run(["--replicas", "3", "--strategies", "crdt,lww", "--no-timing"])
        #expect(table.status == 0)
        let names = table.stdout.split(separator: "\n").compactMap { line -> String? in
            let first = line.split(separator: " ").first.map(String.init)
            return first.flatMap { StrategyCatalog.allNames.contains($0) ? $0 : nil }
        }
        #expect(names == ["crdt", "lww"])
        #expect(table.stdout.hasSuffix("replay: simulate --replicas 3 --seed 1 --strategies crdt,lww\n"))

        let json = try await SimulateProcess.run(["--replicas", "3", "--strategies", "crdt,lww", "--format", "json", "--no-timing"])
        #expect(json.status == 0)
        let results = try #require(try SimulateProcess.parseReport(json.stdout)["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["crdt", "lww"])
    }

    // MARK: Markdown

    @Test func markdownPrintsATable() async throws {
        let output = try await SimulateProcess.run(["--format", "markdown", "--replicas", "3", "--strategies", "lww,crdt"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "## SyncSim · scenario default · seed 1 · 3 replicas · memory store")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| strategy |") })
        #expect(lines[header].hasSuffix("| wall ms |"))
        #expect(lines[header + 1].hasPrefix("| --- | ---: |"))
        #expect(lines[header + 2].hasPrefix("| lww | "))
        #expect(lines[header + 3].hasPrefix("| crdt | "))
        #expect(lines[header + 4] == "")
        let cells = Set(lines[header ... header + 3].map { $0.filter { $0 == "|" }.count })
        #expect(cells.count == 1, "every row has as many cells as the header")
        #expect(output.stdout.hasSuffix("Replay: `simulate --replicas 3 --seed 1 --strategies lww,crdt`\n"))
    }

    // MARK: JSON

    /// `cost.invariantChecks`, present when the binary checks invariants
    /// by default (a debug build).
    static let checkKeys: Set<String> = InvariantChecker.enabledByDefault ? ["invariantChecks"] : []

    static let resultKeys: Set<String> = [
        "strategy", "duplicates", "diverged", "convergenceSeconds", "rejected", "lostWrites",
        "resurrected", "dangling", "network", "cost",
    ]

    @Test func jsonIsOneDocumentIdenticalAcrossProcesses() async throws {
        async let first = SimulateProcess.run(["--format", "json", "--no-timing"])
        async let second = SimulateProcess.run(["--format", "json", "--no-timing"])
        let (one, two) = try await (first, second)
        #expect(one.status == 0)
        #expect(one.stderr == "")
        #expect(two.status == 0)
        #expect(one.stdoutData == two.stdoutData, "same arguments, different output")

        // The whole of stdout is one JSON object holding the report.
        let json = try SimulateProcess.parseReport(one.stdout)
        #expect(json["schemaVersion"] as? Int == 3)
        #expect(json["scenario"] as? String == "default")
        #expect(json["seed"] as? Int == 1, "default seed")
        #expect(json["replicas"] as? Int == 5, "default replica count")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == StrategyCatalog.defaultNames)
        for result in results {
            let name = result["strategy"] as? String ?? "?"
            #expect(Self.resultKeys.isSubset(of: result.keys), "\(name) lacks \(Self.resultKeys.subtracting(result.keys))")
            let duplicates = try #require(result["duplicates"] as? [String: Any], "\(name)")
            #expect(Set(duplicates.keys) == ["final", "peak", "seconds"])
            #expect(result["convergenceSeconds"] is NSNull || result["convergenceSeconds"] as? Double != nil, "\(name)")
            let network = try #require(result["network"] as? [String: Any], "\(name)")
            #expect(Set(network.keys) == ["sent", "dropped", "duplicated", "delivered", "bytes"])
            let cost = try #require(result["cost"] as? [String: Any], "\(name)")
            // A debug build (as `swift test` builds it) checks invariants and
            // says how many checks it made; a release build does not.
            #expect(Set(cost.keys) == Self.checkKeys.union(["events"]), "--no-timing leaves out wall-clock figures")
        }
        let lww = try #require(results.first { $0["strategy"] as? String == "lww" })
        #expect((lww["duplicates"] as? [String: Any])?["final"] as? Int == 100 * (5 - 1))
    }

    @Test func jsonWithTimingDiffersOnlyInWallClockLines() async throws {
        async let first = SimulateProcess.run(["--format", "json"])
        async let second = SimulateProcess.run(["--format", "json"])
        let (one, two) = try await (first, second)
        #expect(one.status == 0)
        #expect(two.status == 0)
        func withoutTiming(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("\"wallSeconds\":") && !$0.contains("\"eventsPerSecond\":") }
                .joined(separator: "\n")
        }
        #expect(withoutTiming(one.stdout) == withoutTiming(two.stdout))
        #expect(withoutTiming(one.stdout) != one.stdout, "timing lines were expected")

        let results = try #require(try SimulateProcess.parseReport(one.stdout)["results"] as? [[String: Any]])
        for result in results {
            let cost = try #require(result["cost"] as? [String: Any])
            #expect(Set(cost.keys) == Self.checkKeys.union(["events", "wallSeconds", "eventsPerSecond"]))
            #expect((cost["wallSeconds"] as? Double ?? -1) >= 0)
            #expect((cost["eventsPerSecond"] as? Double ?? -1) >= 0)
        }
    }

    @Test func jsonParametersMatchTheHelpText() async throws {
        // The help promises drops of 10%, duplicates of 5%, 5–80 ms of delay
        // and a 60 s limit.
        let output = try await SimulateProcess.run(["--format", "json", "--no-timing", "--replicas", "2", "--strategies", "crdt"])
        #expect(output.status == 0)
        let parameters = try #require(try SimulateProcess.parseReport(output.stdout)["parameters"] as? [String: Any])
        let network = try #require(parameters["network"] as? [String: Any])
        #expect(network["drop"] as? Double == 0.1)
        #expect(network["duplicate"] as? Double == 0.05)
        #expect(network["delayMinSeconds"] as? Double == 0.005)
        #expect(network["delayMaxSeconds"] as? Double == 0.08)
        #expect(parameters["untilSeconds"] as? Double == 60)
    }

    @Test func seedsChangeTheFiguresButNotTheImportedDuplicates() async throws {
        let arguments = ["--format", "json", "--no-timing", "--replicas", "3", "--strategies", "lww,crdt"]
        async let first = SimulateProcess.run(arguments + ["--seed", "1"])
        async let second = SimulateProcess.run(arguments + ["--seed", "2"])
        let (one, two) = try await (first, second)
        #expect(one.status == 0)
        #expect(two.status == 0)
        let jsonOne = try SimulateProcess.parseReport(one.stdout)
        let jsonTwo = try SimulateProcess.parseReport(two.stdout)
        #expect(jsonOne["seed"] as? Int == 1)
        #expect(jsonTwo["seed"] as? Int == 2)
        let resultsOne = try #require(jsonOne["results"] as? [[String: Any]])
        let resultsTwo = try #require(jsonTwo["results"] as? [[String: Any]])
        #expect(NSArray(array: resultsOne) != NSArray(array: resultsTwo), "seeds 1 and 2 gave the same figures")
        for results in [resultsOne, resultsTwo] {
            let lww = try #require(results.first { $0["strategy"] as? String == "lww" })
            #expect((lww["duplicates"] as? [String: Any])?["final"] as? Int == 100 * (3 - 1))
        }
    }

    // MARK: Usage errors

    struct BadArguments: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// Text the error line must contain: the argument, and what is allowed.
        let mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let allowedStrategies = StrategyCatalog.allNames.joined(separator: ", ")

    @Test(arguments: [
        BadArguments(arguments: ["--replicas", "0"], mentions: ["--replicas", "1 to 500", "'0'"]),
        BadArguments(arguments: ["--replicas", "abc"], mentions: ["--replicas", "1 to 500", "'abc'"]),
        BadArguments(arguments: ["--replicas", "501"], mentions: ["--replicas", "1 to 500", "'501'"]),
        BadArguments(arguments: ["--replicas"], mentions: ["--replicas", "needs a value", "1 to 500"]),
        BadArguments(arguments: ["--seed", "-1"], mentions: ["--seed", "0 to 18446744073709551615", "'-1'"]),
        BadArguments(arguments: ["--seed", "18446744073709551616"], mentions: ["--seed", "0 to 18446744073709551615"]),
        BadArguments(arguments: ["--format", "xml"], mentions: ["--format", "table, json, markdown", "'xml'"]),
        BadArguments(arguments: ["--format=xml"], mentions: ["--format", "table, json, markdown", "'xml'"]),
        BadArguments(arguments: ["--strategies", "foo"], mentions: ["--strategies", "'foo'", "allowed: " + allowedStrategies]),
        BadArguments(arguments: ["--strategies", "lww,"], mentions: ["--strategies", "empty", "allowed: " + allowedStrategies]),
        BadArguments(arguments: ["--strategies", "lww,lww"], mentions: ["--strategies", "'lww'", "twice"]),
        BadArguments(arguments: ["--no-timing=yes"], mentions: ["--no-timing", "no value"]),
        BadArguments(arguments: ["--engine", "hub"], mentions: ["--engine", "one of peer, cloudkit", "'hub'"]),
        BadArguments(arguments: ["--engine"], mentions: ["--engine", "needs a value", "peer, cloudkit"]),
        BadArguments(arguments: ["--bogus"], mentions: ["'--bogus'", "unknown option", "--replicas, --seed"]),
        BadArguments(arguments: ["extra"], mentions: ["'extra'", "unexpected argument", "--replicas, --seed"]),
        BadArguments(arguments: ["--replicas", "3", "extra"], mentions: ["'extra'", "--replicas, --seed"]),
        BadArguments(arguments: ["--help=yes"], mentions: ["--help", "no value"]),
    ])
    func badArgumentsExitWithStatus2AndOneLine(_ bad: BadArguments) async throws {
        let output = try await SimulateProcess.run(bad.arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "", "nothing on stdout")
        let stderr = output.stderr
        #expect(stderr.hasPrefix("simulate: "))
        #expect(stderr.hasSuffix("\n"))
        #expect(stderr.filter { $0 == "\n" }.count == 1, "one line on stderr, got:\n\(stderr)")
        for text in bad.mentions {
            #expect(stderr.contains(text), "stderr does not mention \(text): \(stderr)")
        }
    }
}
