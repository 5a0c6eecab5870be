import Foundation
import Testing

/// `simulate benchmark`, end to end: one JSON object with every figure, a
/// table that says what its ratios mean, and a clear exit 2 for bad values.
struct BenchmarkCommandTests {
    static let topLevelKeys = ["schemaVersion", "tool", "toolVersion", "command", "records", "replicas", "batch", "trials", "build", "machine", "seconds",
                               "rates", "ratios", "bytesPerRecordPerReplica", "memorySource", "bytesInUse", "peakRSSBytes", "targets"]
    static let rateKeys = ["memoryStoreRecordsPerSecond", "dictionaryRecordsPerSecond", "sqliteMemoryStoreRecordsPerSecond",
                           "sqliteMemoryRawRecordsPerSecond", "sqliteFileStoreRecordsPerSecond", "sqliteFileRawRecordsPerSecond"]

    /// True when `a` and `b` agree to within the rounding of the printed figures.
    static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-3 * max(abs(a), abs(b)) + 2e-6
    }

    @Test func jsonHoldsEveryFigureAndTheRatiosOfTheRates() async throws {
        let output = try await SimulateProcess.run(["benchmark", "--records", "300", "--replicas", "2", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "", "no progress line when stderr is not a terminal")
        let document = try SimulateProcess.parseObject(output.stdout)

        // The keys in a fixed order: the object's own lines, two spaces in.
        let keys = output.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.dropFirst(3).prefix { $0 != "\"" } }.map(String.init)
        #expect(keys == Self.topLevelKeys)

        #expect(document["tool"] as? String == "SyncSim" && document["command"] as? String == "benchmark")
        #expect(document["records"] as? Int == 300 && document["replicas"] as? Int == 2)
        #expect(document["batch"] as? Int == 100 && document["trials"] as? Int == 3)
        #if DEBUG
        #expect(document["build"] as? String == "debug")
        #else
        #expect(document["build"] as? String == "release")
        #endif
        let machine = try #require(document["machine"] as? [String: Any])
        #expect(Set(machine.keys) == ["cpu", "cores", "memoryBytes", "os", "swift"])
        #expect((machine["cpu"] as? String)?.isEmpty == false && (machine["os"] as? String)?.isEmpty == false)
        #expect((machine["cores"] as? Int ?? 0) >= 1 && (machine["memoryBytes"] as? Int ?? 0) > 0)
        #expect((machine["swift"] as? String)?.hasPrefix("6.") == true)

        let rates = try #require(document["rates"] as? [String: Double])
        #expect(Set(rates.keys) == Set(Self.rateKeys))
        #expect(rates.values.allSatisfy { $0 > 0 }, "\(rates)")
        let ratios = try #require(document["ratios"] as? [String: Double])
        #expect(Set(ratios.keys) == ["memoryVsDictionary", "sqliteMemoryVsRaw", "sqliteFileVsRaw"])
        let memoryVsDictionary = try #require(ratios["memoryVsDictionary"])
        let sqliteMemoryVsRaw = try #require(ratios["sqliteMemoryVsRaw"])
        let sqliteFileVsRaw = try #require(ratios["sqliteFileVsRaw"])
        #expect(Self.close(memoryVsDictionary, rates["memoryStoreRecordsPerSecond"]! / rates["dictionaryRecordsPerSecond"]!))
        // Store seconds over raw seconds: the raw rate over the store's.
        #expect(Self.close(sqliteMemoryVsRaw, rates["sqliteMemoryRawRecordsPerSecond"]! / rates["sqliteMemoryStoreRecordsPerSecond"]!))
        #expect(Self.close(sqliteFileVsRaw, rates["sqliteFileRawRecordsPerSecond"]! / rates["sqliteFileStoreRecordsPerSecond"]!))
        let seconds = try #require(document["seconds"] as? [String: Double])
        #expect(Self.close(rates["memoryStoreRecordsPerSecond"]!, 2 * 300 * 2 / seconds["memoryStore"]!))

        let bytes = try #require(document["bytesPerRecordPerReplica"] as? Double)
        let inUse = try #require(document["bytesInUse"] as? [String: Int])
        #expect(abs(bytes - Double(inUse["after"]! - inUse["before"]!) / 600) <= 0.05)
        // A process of its own: no other test allocates beside the stores,
        // so their bytes show (the in-process tests cannot check the sign).
        #expect(bytes > 0, "before \(inUse["before"]!), after \(inUse["after"]!)")
        #expect(document["memorySource"] as? String == "allocator")
        #expect((document["peakRSSBytes"] as? Int ?? 0) > 0)

        let targets = try #require(document["targets"] as? [String: [String: Any]])
        let expected: [(String, String, Double, Double)] = [("memoryVsDictionary", "atLeast", 0.25, memoryVsDictionary),
                                                            ("bytesPerRecordPerReplica", "atMost", 250, bytes),
                                                            ("sqliteMemoryVsRaw", "atMost", 1.5, sqliteMemoryVsRaw),
                                                            ("sqliteFileVsRaw", "atMost", 1.5, sqliteFileVsRaw)]
        #expect(Set(targets.keys) == Set(expected.map(\.0)))
        for (figure, sense, limit, value) in expected {
            let target = try #require(targets[figure])
            #expect(Set(target.keys) == [sense, "value", "met"], "\(figure)")
            #expect(target[sense] as? Double == limit, "\(figure)")
            let measured = try #require(target["value"] as? Double)
            #expect(Self.close(measured, value), "\(figure)")
            #expect(target["met"] as? Bool == (sense == "atLeast" ? measured >= limit : measured <= limit), "\(figure)")
        }
    }

    @Test func theTableSaysWhatOneMeansAndWhichTargetsAreMet() async throws {
        let output = try await SimulateProcess.run(["benchmark", "--records", "200", "--replicas", "2", "--batch", "50"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #if DEBUG
        #expect(lines.first?.hasPrefix("warning: a debug build: these figures are not the ones to quote") == true)
        #endif
        #expect(lines.contains { $0.hasPrefix("SyncSim benchmark · 200 records · 2 replicas · batches of 50 · ") })
        #expect(lines.contains { $0.hasPrefix("machine: ") && $0.contains(" logical cores · ") && $0.contains(" · Swift 6.") })
        #expect(output.stdout.contains("(800 record applications; best of 3 runs)"))
        #expect(output.stdout.contains("(rate over rate: 1 = as fast, higher is better)"))
        #expect(output.stdout.contains("(1 = as fast, lower is better)"))
        #expect(lines.contains { $0.hasPrefix("Memory: ") && $0.contains(" bytes per record per replica (allocator bytes in use: ") })
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Targets: ") })
        let targets = lines[(heading + 1)...].filter { !$0.isEmpty }
        #expect(targets.count == 4)
        #expect(targets.allSatisfy { $0.hasSuffix(" met") || $0.hasSuffix(" missed") }, "\(targets)")
        let met = targets.filter { $0.hasSuffix(" met") }.count
        #expect(lines[heading] == "Targets: \(met) of 4 met")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "no trailing spaces")
    }

    static let badValues: [([String], String)] = [
        (["--records", "0"], "--records expects a whole number from 1 to 10000000, got '0'"),
        (["--replicas", "501"], "--replicas expects a whole number from 1 to 500, got '501'"),
        (["--batch", "many"], "--batch expects a whole number from 1 to 100000, got 'many'"),
        (["--format", "markdown"], "--format expects one of table, json, got 'markdown'"),
        (["--store", "postgres"], "--store expects memory, sqlite (an in-memory database per replica) or sqlite:DIR (a file per run and replica under the folder DIR), got 'postgres'"),
        (["--records", "100000", "--replicas", "101"],
         "--records 100000 × --replicas 101 is 10100000 records in memory at once; benchmark allows at most 10000000: lower --records or --replicas"),
        (["--seed", "1"], "simulate benchmark does not take --seed; it takes --records, --replicas, --batch, --format, --store, --scaling, --keys, "
            + "--replica-counts, --strategies, --help"),
        (["--records", "10", "--store", "sqlite:/dev/null"],
         "cannot run the benchmark: the folder for the SQLite files, /dev/null, is not a folder"),
    ]

    @Test(arguments: badValues)
    func aBadValueExitsTwoNamingIt(_ arguments: [String], _ message: String) async throws {
        let output = try await SimulateProcess.run(["benchmark"] + arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: \(message)\n")
    }
}
