import Foundation
import Testing
import TestSupport

/// A misspelt option, command, strategy, value, scenario key or metric:
/// the one-line error ends with the closest word allowed there.
struct DidYouMeanTests {
    static let compareOptions = "--replicas, --seed, --engine, --preset, --strategies, --format, --no-timing, --store, --concurrency, --out, "
        + "--quiet, --check-invariants, --max-events, --max-memory, --allow-large, --help, --version"
    static let strategies = "unique:error, unique:objectTrump, unique:storeTrump, unique:overwrite, unique:rollback, lww, dedupe, crdt, "
        + "lww:field, keyid, dedupe:apple, dedupe:merge, dedupe:deferred"
    static let commands = "run, check, explore, race, sweep, merge, benchmark, lint, advise, completions, help"

    @Test(arguments: [
        (["--replica", "3"], "unknown option '--replica'; simulate takes \(compareOptions); did you mean --replicas?"),
        (["--replica=3"], "unknown option '--replica'; simulate takes \(compareOptions); did you mean --replicas?"),
        // An option of another command, close to one of this one's.
        (["--seeds", "1..3"], "simulate does not take --seeds; it takes \(compareOptions); did you mean --seed?"),
        (["--strategies", "lwww"], "--strategies: unknown strategy 'lwww'; allowed: \(strategies); did you mean lww?"),
        (["--strategies", "lww,unique:eror"], "--strategies: unknown strategy 'unique:eror'; allowed: \(strategies); did you mean unique:error?"),
        (["--format", "jsno"], "--format expects one of table, json, markdown, got 'jsno'; did you mean json?"),
        (["--engine", "cloudkt"], "--engine expects one of peer, cloudkit, got 'cloudkt'; did you mean cloudkit?"),
        (["--preset", "nspkc"], "--preset expects one of nspckc, cksyncengine, sqlitedata, ownserver, got 'nspkc'; did you mean nspckc?"),
        (["runn"], "unexpected argument 'runn'; simulate takes only options: \(compareOptions) (or a command: \(commands)); did you mean run?"),
        (["completions", "bsh"], "simulate completions: unknown shell 'bsh'; shells: bash, zsh, fish; did you mean bash?"),
        // Nothing close: the error as it was.
        (["--bogus"], "unknown option '--bogus'; simulate takes \(compareOptions)"),
    ])
    func commandLine(_ arguments: [String], _ message: String) async throws {
        let output = try await SimulateProcess.run(arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "simulate: \(message)\n")
    }

    @Test func scenarioKeysAndMetrics() async throws {
        let folder = try ScenarioCommandTests.folder([
            "key.json5": #"{ name: "key", expect: [{ strategy: "lww", metric: "diverged", equal: 0 }] }"#,
            "metric.json5": #"{ name: "metric", expect: [{ strategy: "lww", metric: "duplicates.fnal", equals: 0 }] }"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.json5").path
        let run = try await SimulateProcess.run(["run", key])
        #expect(run.status == 2)
        #expect(run.stderr == "simulate: \(key): expect[0].equal: unknown key 'equal'; allowed: strategy, metric, equals, min, max, variant; "
            + "did you mean 'equals'?\n")
        // check reports each broken file on its ERROR line.
        let check = try await SimulateProcess.run(["check", folder.path, "--quiet"])
        #expect(check.status == 2)
        #expect(check.stdout.contains("expect[0].metric: unknown metric 'duplicates.fnal'; metrics: "), "\(check.stdout)")
        #expect(check.stdout.contains("; did you mean 'duplicates.final'?"), "\(check.stdout)")
        #expect(check.stdout.contains("; did you mean 'equals'?"), "\(check.stdout)")
    }

    /// A typo in a `--vary` path is blamed on the command line, with the
    /// keys allowed where it went wrong.
    @Test func aVaryPathTypoIsTheCommandLines() async throws {
        let output = try await SimulateProcess.run(["sweep", ScenarioCommandTests.scenario("default.json5"), "--vary", "netwrk.drop=0,0.1", "--seeds", "1"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("simulate: --vary netwrk.drop: unknown key 'netwrk'; allowed: name, description, replicas, "), "\(output.stderr)")
        #expect(output.stderr.hasSuffix(", cloudkit; did you mean 'network'?\n"), "\(output.stderr)")
        #expect(!output.stderr.contains("default.json5"), "the file is not at fault")
    }

    /// Every kind of name the command line takes, misspelt once, in an
    /// option or in a file: the error names the closest word (issue 41
    /// counted 7 of 35 misspellings without one). `model` and `file` stand
    /// for a SwiftData model keyed by Book.isbn and a scenario file.
    static let misspellings: [(kind: String, arguments: [String], suggestion: String)] = [
        ("command", ["chek"], "did you mean check?"),
        ("option", ["run", "file", "--sed", "1"], "did you mean --seed?"),
        ("option of another command", ["check", "file", "--seeds", "1"], "did you mean --seed?"),
        ("strategy", ["run", "file", "--strategies", "lww,dedupee"], "did you mean dedupe?"),
        ("preset", ["run", "file", "--preset", "sqlitedat"], "did you mean sqlitedata?"),
        ("engine", ["run", "file", "--engine", "peeer"], "did you mean peer?"),
        ("format", ["check", "file", "--format", "jsn"], "did you mean json?"),
        ("store", ["--store", "memry"], "did you mean memory?"),
        ("habit", ["advise", "model", "--key", "Book.isbn", "--habits", "import,ofline-edits"], "did you mean 'offline-edits'?"),
        ("rank", ["advise", "model", "--key", "Book.isbn", "--rank", "duplicatesPeek"], "did you mean 'duplicatesPeak'?"),
        ("advise preset", ["advise", "model", "--key", "Book.isbn", "--presets", "cksyncengin"], "did you mean 'cksyncengine'?"),
        ("key entity", ["advise", "model", "--key", "Bok.isbn"], "did you mean 'Book'?"),
        ("key field", ["advise", "model", "--key", "Book.isnb"], "did you mean 'isbn'?"),
        ("lint's key field", ["lint", "model", "--write-schema", "/dev/null", "--key", "Book.titel"], "did you mean 'title'?"),
        ("nemesis setting", ["explore", "file", "--nemesis", "evry=300ms"], "did you mean 'every'?"),
        ("sweep parameter", ["sweep", "file", "--vary", "network.dorp=0,0.1"], "did you mean 'drop'?"),
        ("metric in --vary", ["sweep", "file", "--vary", "expect[0].metric=duplicates.fnal"], "did you mean 'duplicates.final'?"),
        ("choice in --vary", ["sweep", "file", "--vary", "topology=hubb"], "did you mean \"hub\"?"),
        ("completions shell", ["completions", "fihs"], "did you mean fish?"),
        ("help topic", ["help", "sweeep"], "did you mean sweep?"),
    ]

    @Test(arguments: misspellings.indices)
    func everyKindOfNameTypedGetsOne(_ index: Int) async throws {
        let (kind, arguments, suggestion) = Self.misspellings[index]
        let folder = try ScenarioCommandTests.folder([
            "file.json5": #"{ name: "f", replicas: 2, expect: [{ strategy: "lww", metric: "duplicates.final", equals: 0 }] }"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = PackageRoot.url.appendingPathComponent("Tests/SyncLintTests/Fixtures/SwiftData/Library").path
        let file = folder.appendingPathComponent("file.json5").path
        let output = try await SimulateProcess.run(arguments.map { $0 == "model" ? model : $0 == "file" ? file : $0 })
        #expect(output.status == 2, "\(kind): \(output.stderr)")
        #expect(output.stderr.hasPrefix("simulate: ") && output.stderr.hasSuffix("; \(suggestion)\n"), "\(kind): \(output.stderr)")
    }

    /// The same names in a file's `advise` block and its expectations.
    @Test func namesInAFileGetOneToo() async throws {
        let folder = try ScenarioCommandTests.folder([
            "habits.json5": #"{ name: "h", schema: { entities: [{ name: "Tag", fields: ["name"], unique: [["name"]] }] }, advise: { habits: ["seedng"] }, steps: [] }"#,
            "rank.json5": #"{ name: "r", schema: { entities: [{ name: "Tag", fields: ["name"], unique: [["name"]] }] }, advise: { rank: ["dangline"] }, steps: [] }"#,
            "presets.json5": #"{ name: "p", schema: { entities: [{ name: "Tag", fields: ["name"], unique: [["name"]] }] }, advise: { presets: ["ownservr"] }, steps: [] }"#,
            "strategy.json5": #"{ name: "s", strategies: ["crtd"] }"#,
            "preset.json5": #"{ name: "q", preset: "nspckk" }"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, suggestion) in [("habits", "'seeding'"), ("rank", "'dangling'"), ("presets", "'ownserver'"), ("strategy", "'crdt'"), ("preset", "\"nspckc\"")] {
            let path = folder.appendingPathComponent("\(name).json5").path
            let output = try await SimulateProcess.run([["habits", "rank", "presets"].contains(name) ? "advise" : "run", path, "--quiet"])
            #expect(output.status == 2, "\(name): \(output.stderr)")
            #expect(output.stderr.hasPrefix("simulate: ") && output.stderr.hasSuffix("; did you mean \(suggestion)?\n"), "\(name): \(output.stderr)")
        }
    }
}
