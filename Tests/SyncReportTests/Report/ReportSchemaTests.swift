import Foundation
import SyncExperiments
import SyncLint
import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// docs/report-schema.json describes every key `report.json` and
/// `--format json` emit, and every key it requires is there.
struct ReportSchemaTests {
    @Test func everyScenarioReportMatchesTheReportDefinition() throws {
        let schema = try SchemaWalker.load()
        for (run, report) in zip(ScenarioReports.runs, ScenarioReports.all) {
            let problems = schema.problems(report.json(), against: schema.definition("report"))
            #expect(problems.isEmpty, "\(run.file) engine \(run.engine ?? "-") preset \(run.preset ?? "-"):\n\(problems.prefix(20).joined(separator: "\n"))")
        }
    }

    @Test func theFormatJSONDocumentMatchesTheRootForOneReportOrMany() throws {
        let schema = try SchemaWalker.load()
        for reports in [[ScenarioReports.all[0]], ScenarioReports.all, [Fixtures.smallReport(includesTiming: true)]] {
            let problems = schema.problems(Report.document(reports), against: schema.root)
            #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        }
        // A lone report.json is the root's other branch.
        #expect(schema.problems(Fixtures.smallReport(includesTiming: false).json(), against: schema.root).isEmpty)
    }

    @Test func aKeyTheSchemaDoesNotKnowFails() throws {
        let schema = try SchemaWalker.load()
        guard case .object(var members) = Fixtures.smallReport(includesTiming: false).json(),
              let index = members.firstIndex(where: { $0.key == "results" }),
              case .array(var results) = members[index].value, case .object(let first) = results[0] else {
            Issue.record("the report is not an object with results")
            return
        }
        results[0] = .object(first + [.init("surprise", .int(1))])
        members[index] = .init("results", .array(results))
        let problems = schema.problems(.object(members), against: schema.definition("report"))
        #expect(problems == ["$.results[0].surprise: a key the schema does not describe"])
    }

    @Test func aMissingRequiredKeyFails() throws {
        let schema = try SchemaWalker.load()
        guard case .object(let members) = Fixtures.smallReport(includesTiming: false).json() else {
            Issue.record("the report is not an object")
            return
        }
        let problems = schema.problems(.object(members.filter { $0.key != "toolVersion" }), against: schema.definition("report"))
        #expect(problems == ["$: required key toolVersion is missing"])
    }

    @Test func theSchemaVersionIsTheReports() throws {
        let schema = try SchemaWalker.load()
        for name in ["report", "output", "lintOutput", "exploreOutput"] {
            let version = (schema.definition(name)["properties"] as? [String: Any])?["schemaVersion"] as? [String: Any]
            #expect(version?["const"] as? Int == Report.schemaVersion, "\(name)")
        }
    }

    // MARK: simulate lint

    /// The lint fixtures, `Tests/SyncLintTests/Fixtures`.
    static func lintFixture(_ relative: String) -> String {
        PackageRoot.path("Tests/SyncLintTests/Fixtures/\(relative)")
    }

    static let lintModels = ["CoreData/Broken.xcdatamodeld", "CoreData/Library.xcdatamodeld", "SwiftData/Broken", "SwiftData/Library"]

    /// `simulate lint --format json` is the root's third branch, for one
    /// model or several.
    @Test func theLintDocumentMatchesTheLintOutputDefinition() throws {
        let schema = try SchemaWalker.load()
        let reports = try Self.lintModels.map { try ModelLint.lint(Self.lintFixture($0)) }
        for chosen in reports.map({ [$0] }) + [reports] {
            let document = LintResult(reports: chosen).json()
            let problems = schema.problems(document, against: schema.definition("lintOutput"))
            #expect(problems.isEmpty, "\(chosen.map(\.path)):\n\(problems.prefix(20).joined(separator: "\n"))")
            #expect(schema.problems(document, against: schema.root).isEmpty)
        }
    }

    /// The `stack` object (issue 43) in each of its readings: one stack,
    /// several, none (entitlements), unknown (a bare model); and the
    /// schema's presets are SyncStack's.
    @Test func theLintStackMatchesItsDefinition() throws {
        let schema = try SchemaWalker.load()
        let paths = ["Projects/EngineBesideLocalStore", "Projects/ContainerAndEngine", "Projects/NoEntitlements", "CoreData/LocalOnly.xcdatamodeld"]
        var readings: [String] = []
        for path in paths {
            let reports = try ModelLint.lintAll(Self.lintFixture(path))
            readings += reports.map(\.stack.reading.rawValue)
            let document = LintResult(reports: reports).json()
            let problems = schema.problems(document, against: schema.definition("lintOutput"))
            #expect(problems.isEmpty, "\(path):\n\(problems.prefix(20).joined(separator: "\n"))")
        }
        #expect(readings == ["one", "several", "none", "unknown"])
        let found = ((schema.definition("lintStack")["properties"] as? [String: Any])?["found"] as? [String: Any])?["items"] as? [String: Any]
        let preset = (found?["properties"] as? [String: Any])?["preset"] as? [String: Any]
        #expect(preset?["enum"] as? [String] == SyncStack.Preset.allCases.map(\.rawValue))
    }

    /// The rule names a lint finding may carry are the linter's own.
    @Test func theSchemaListsEveryLintRule() throws {
        let schema = try SchemaWalker.load()
        let rule = (schema.definition("lintFinding")["properties"] as? [String: Any])?["rule"] as? [String: Any]
        #expect(rule?["enum"] as? [String] == LintRule.allCases.map(\.rawValue))
    }

    // MARK: simulate explore

    /// An explore of `text` on `seeds`, every failing seed shrunk (files
    /// named under `out/`, not written), as `simulate explore --shrink
    /// --format json` prints it.
    static func explore(_ text: String, file: String, seeds: [UInt64], nemesis: ExploreNemesis = ExploreNemesis(),
                        nemesisGiven: Bool = false) throws -> ExploreResult {
        let target = try Explore.prepare(Explore.Plan(file: file, text: text, seeds: seeds, nemesis: nemesis, checksInvariants: false))
        var result = ExploreResult(target: target, outcomes: try Explore.run(target, seeds: seeds), nemesisGiven: nemesisGiven)
        result.recordShrinks(Explore.shrink(target, failing: result.failing.map(\.outcome)), folder: "out")
        return result
    }

    /// `simulate explore --format json` is the root's fourth branch: with
    /// expectation and liveness failures, shrunk files that are smaller and
    /// one that is the scenario as explored, and a failure not reproduced.
    @Test func theExploreDocumentMatchesTheExploreOutputDefinition() throws {
        let schema = try SchemaWalker.load()
        let pairNemesis = try #require(ExploreNemesis(argument: ExploreFixtures.pairImportNemesis))
        var notReproduced = try Self.explore(ExploreFixtures.lateCreate, file: "late-create.json5", seeds: [3])
        notReproduced.recordShrinks([nil], folder: "out")
        let results = [
            try Self.explore(ExploreFixtures.lateCreate, file: "late-create.json5", seeds: Array(1 ... 6)),
            // The default nemesis (faults until 1 s of the 2 s run): one that ran
            // up to `until` would leave the run cut short, its liveness not
            // judged, and the document would hold no liveness failure.
            try Self.explore(ExploreFixtures.lossyCreate, file: "lossy-create.json5", seeds: [1, 2]),
            try Self.explore(ExploreFixtures.offlineImport, file: "offline-import.json5", seeds: [4, 18446744073709551615]),
            try Self.explore(ExploreFixtures.pairImport, file: "pair-import.json5", seeds: [1], nemesis: pairNemesis, nemesisGiven: true),
            notReproduced,
        ]
        var kinds: Set<String> = []
        for result in results {
            let document = result.json()
            let problems = schema.problems(document, against: schema.definition("exploreOutput"))
            #expect(problems.isEmpty, "\(result.file):\n\(problems.prefix(20).joined(separator: "\n"))")
            #expect(schema.problems(document, against: schema.root).isEmpty, "\(result.file)")
            kinds.formUnion(result.seeds.flatMap(\.failures).map { failure in
                switch failure {
                case .expectation: "expectation"
                case .liveness: "liveness"
                case .invariant: "invariant"
                }
            })
        }
        #expect(kinds == ["expectation", "liveness"], "the documents checked hold both kinds of failure")
        #expect(results.flatMap(\.seeds).contains { if case .written(let shrunk, _, _)? = $0.shrink { !shrunk.shrunk } else { false } })
    }
}
