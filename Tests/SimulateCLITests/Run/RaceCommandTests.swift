import Foundation
import SyncSimulation
import Testing

/// `simulate race` and `--concurrency dispatch`, end to end.
struct RaceCommandTests {
    @Test func raceReportsEveryStrategyAndWriterCountAndSaysItVaries() async throws {
        let output = try await SimulateProcess.run(["race", "--trials", "5", "--writers", "1,4", "--strategies", "dedupe,unique:error,crdt"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("figures vary from run to run"))
        #expect(output.stdout.contains("5 trials each"))
        let rows = output.stdout.split(separator: "\n").filter { line in ["dedupe", "unique:error", "crdt"].contains { line.hasPrefix($0 + " ") } }
        #expect(rows.count == 6, "one row per strategy and writer count:\n\(output.stdout)")
    }

    /// In lockstep the duplicate is certain: the JSON says exactly how many.
    @Test func lockstepJSONIsExactForFetchThenInsert() async throws {
        let output = try await SimulateProcess.run(["race", "--trials", "4", "--writers", "3", "--lockstep",
                                                    "--strategies", "dedupe,unique:error", "--format", "json"])
        #expect(output.status == 0)
        let json = try SimulateProcess.parseObject(output.stdout)
        #expect(json["reproducible"] as? Bool == false)
        #expect(json["trials"] as? Int == 4)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["dedupe", "unique:error"])
        #expect(results[0]["trialsWithDuplicate"] as? Int == 4)
        #expect((results[0]["meanDuplicates"] as? NSNumber)?.doubleValue == 2)
        #expect(results[1]["trialsWithDuplicate"] as? Int == 0)
        #expect(results[1]["retriedSaves"] as? Int == 8)
    }

    @Test func dispatchRunsAreLabelledNotReproducible() async throws {
        let output = try await SimulateProcess.run(["run", "Scenarios/writers-race.json5", "--concurrency", "dispatch",
                                                    "--strategies", "crdt", "--format", "json", "--no-timing"])
        #expect(output.status == 0)
        let json = try SimulateProcess.parseReport(output.stdout)
        #expect(json["concurrency"] as? String == "dispatch")
        #expect(json["reproducible"] as? Bool == false)
        let table = try await SimulateProcess.run(["--replicas", "2", "--strategies", "lww", "--concurrency", "dispatch"])
        #expect(table.stdout.contains("not reproducible"))
        #expect(table.stdout.contains("--concurrency dispatch"), "the replay command keeps the mode")
    }

    @Test(arguments: [
        (["race", "--writers", "0"], "--writers expects a comma-separated list of whole numbers from 1 to 64, got '0'"),
        (["race", "--writers", "2,x"], "--writers expects a comma-separated list of whole numbers from 1 to 64, got '2,x'"),
        (["race", "--trials", "0"], "--trials expects a whole number from 1 to 100000, got '0'"),
        (["race", "--think-micros", "-5"], "--think-micros expects a whole number from 0 to 1000000, got '-5'"),
        (["race", "--lockstep=yes"], "--lockstep takes no value"),
        (["race", "--seed", "3"], "simulate race does not take --seed; it takes --writers, --trials, --think-micros, --lockstep, --strategies, --format, --help"),
        (["race", "extra"], "unexpected argument 'extra'; simulate race takes only options: --writers, --trials, --think-micros, --lockstep, --strategies, --format, --help"),
        (["--concurrency", "threads"], "--concurrency expects one of deterministic, dispatch, got 'threads'"),
    ])
    func badRaceArguments(_ arguments: [String], _ message: String) async throws {
        let output = try await SimulateProcess.run(arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: \(message)\n")
    }
}
