import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing

/// Replay lines paste as they print (issue 28): shell-quoted words, and a
/// strategy from a library user's registry named as needing their program.
struct ReplayCommandTests {
    @Test func wordsAreQuotedOnlyWhenAShellWouldReadThemOtherwise() {
        #expect(ShellWord.quoted("Scenarios/clock-skew.json5") == "Scenarios/clock-skew.json5")
        #expect(ShellWord.quoted("lww,dedupe:apple,unique:error") == "lww,dedupe:apple,unique:error")
        #expect(ShellWord.quoted("My Scenarios/a b.json5") == "'My Scenarios/a b.json5'")
        #expect(ShellWord.quoted("it's.json5") == "'it'\\''s.json5'")
        #expect(ShellWord.quoted("$HOME/x") == "'$HOME/x'")
        #expect(ShellWord.quoted("") == "''")
    }

    @Test func aFileWithASpaceReplaysQuoted() {
        let scenario = DefaultScenario.make(replicas: 2, seed: 3)
        let report = Report(scenario: scenario, seed: 3, results: Fixtures.smallResults, includesTiming: false, file: "my scenarios/a.json5")
        #expect(report.replayCommand == "simulate run 'my scenarios/a.json5' --seed 3 --strategies lww,crdt")
    }

    /// A result carries the name the strategy was run under; a registered
    /// one's is not among the built-in names.
    @Test func aRegisteredStrategyNeedsItsOwnProgram() throws {
        let scenario = DefaultScenario.make(replicas: 2, seed: 3)
        var result = Fixtures.smallResults[1]
        result.strategy = "mine:crdt"
        let results = [result]
        let report = Report(scenario: scenario, seed: 3, results: results, includesTiming: false)
        #expect(report.replayCommand == "simulate --replicas 2 --seed 3 --strategies mine:crdt  # needs the program that registers mine:crdt "
            + "(StrategyRegistry): run it with that program's arguments, not bare simulate")
    }

    /// Every replay line is built by ``ReplayCommand``: a flag added after
    /// the note still comes before it, and the explore and check forms.
    @Test func oneBuilderForEveryReplayLine() {
        let scenario = DefaultScenario.make(replicas: 2, seed: 3)
        let invariant = ReplayCommand.comparison(file: nil, scenario: scenario, seed: 3, stack: ReplayCommand.Stack(engine: "cloudkit"),
                                                 strategies: ["mine:crdt"], store: "sqlite").adding("--check-invariants")
        #expect(invariant.description == "simulate --replicas 2 --seed 3 --engine cloudkit --strategies mine:crdt --store sqlite --check-invariants"
            + "  # needs the program that registers mine:crdt (StrategyRegistry): run it with that program's arguments, not bare simulate")
        #expect(ReplayCommand.comparison(file: "a b.json5", scenario: scenario, seed: 1, stack: ReplayCommand.Stack(preset: "nspckc", engine: "peer"),
                                         strategies: StrategyCatalog.defaultNames).description == "simulate run 'a b.json5' --seed 1 --preset nspckc")
        #expect(ReplayCommand.explore(file: "x.json5", seed: 7, nemesis: "every=1s").adding("--check-invariants").description
            == "simulate explore x.json5 --seeds 7..7 --nemesis every=1s --check-invariants")
        #expect(ReplayCommand.check(file: "out/x-seed-7.json5").description == "simulate check out/x-seed-7.json5")
    }
}

/// `ReportFiles` writes, from a library call, the files `--out DIR` writes.
struct ReportFilesTests {
    @Test func aLibraryCallWritesTheFourReportFiles() throws {
        let report = Fixtures.smallReport(includesTiming: false)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-files-\(UUID().uuidString)/nested").path
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try ReportFiles.write(report, to: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["report.csv", "report.html", "report.json", "report.md"])
        #expect(try String(contentsOfFile: folder + "/report.md", encoding: .utf8) == report.markdown())
        #expect(try String(contentsOfFile: folder + "/report.json", encoding: .utf8) == report.json().rendered())
    }
}
