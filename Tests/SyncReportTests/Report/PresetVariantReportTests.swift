import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// A preset with a behaviour no source settles (NSPersistentCloudKitContainer's
/// import/export order) runs every strategy once per reading, and every
/// output shows the readings side by side: the plain strategy name in
/// `strategy`, the reading in `variant`, and the headline says the answer
/// depends on an undocumented behaviour.
struct PresetVariantReportTests {
    /// offline-field-edits under nspckc: two devices edit different fields
    /// of one record offline.
    static let report: Report = {
        let document = try! ScenarioFile.load(PackageRoot.path("Scenarios/offline-field-edits.json5"), seed: nil, preset: "nspckc")
        let strategies = ["lww", "dedupe"].map { StrategyCatalog.strategy(named: $0)! }
        let results = Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed)
        return Report(scenario: document.scenario, seed: document.seed, results: results, includesTiming: false, file: "offline-field-edits.json5",
                      expectations: ExpectationOutcome.check(document.expectations, against: results))
    }()

    @Test func theTableHasAVariantColumnAndEveryReadingWithItsSource() {
        let lines = Self.report.table().split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("nspckc preset · the answer depends on an undocumented behaviour: each strategy runs once per variant"))
        #expect(lines.contains { $0.hasPrefix("undocumented: whether NSPersistentCloudKitContainer imports before it exports") && $0.contains("N7") })
        #expect(lines.contains { $0.hasPrefix("variant importFirst: field level") && $0.contains("OpenCloudData") && $0.contains("observed") })
        #expect(lines.contains { $0.hasPrefix("variant exportFirst: record level") && $0.contains("OpenCloudData") && $0.contains("observed") })
        let header = lines.firstIndex { $0.hasPrefix("strategy  variant ") }
        #expect(header != nil)
        if let header {
            let rows = lines[(header + 1) ... (header + 4)].map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            #expect(rows.map { $0[0] } == ["lww", "lww", "dedupe", "dedupe"])
            #expect(rows.map { $0[1] } == ["importFirst", "exportFirst", "importFirst", "exportFirst"])
            // lost: field level keeps both edits, record level loses r1's
            // name. The header "converged s" is two words, its cells one.
            let lost = lines[header].split(separator: " ", omittingEmptySubsequences: true).firstIndex(of: "lost")! - 1
            #expect(rows.map { $0[lost] } == ["0", "1", "0", "1"])
        }
        #expect(lines.contains { $0.hasPrefix("PASS") && $0.contains("lww [exportFirst]") })
        #expect(lines.last == "replay: simulate run offline-field-edits.json5 --seed 1")
    }

    @Test func csvAndJSONCarryTheVariantBesideThePlainStrategy() throws {
        let csv = Self.report.csv().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let strategy = try #require(csv[0].firstIndex(of: "strategy"))
        let variant = try #require(csv[0].firstIndex(of: "variant"))
        #expect(csv.dropFirst().map { $0[strategy] } == ["lww", "lww", "dedupe", "dedupe"])
        #expect(csv.dropFirst().map { $0[variant] } == ["importFirst", "exportFirst", "importFirst", "exportFirst"])

        let json = try Fixtures.parse(Self.report.json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["strategy"] as? String } == ["lww", "lww", "dedupe", "dedupe"])
        #expect(results.map { $0["variant"] as? String } == ["importFirst", "exportFirst", "importFirst", "exportFirst"])
        let parameters = try #require(json["parameters"] as? [String: Any])
        let preset = try #require(parameters["preset"] as? [String: Any])
        let behaviours = try #require(preset["undocumented"] as? [[String: Any]])
        #expect(behaviours.count == 1)
        let undocumented = behaviours[0]
        #expect((undocumented["question"] as? String)?.contains("N7") == true)
        let variants = try #require(undocumented["variants"] as? [[String: Any]])
        #expect(variants.map { $0["name"] as? String } == ["importFirst", "exportFirst"])
    }

    @Test func aReportWithoutVariantsKeepsItsShape() throws {
        let report = Fixtures.smallReport(includesTiming: false)
        #expect(!report.table().contains("variant"))
        let json = try Fixtures.parse(report.json().rendered())
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.allSatisfy { $0["variant"] == nil })
        let csv = report.csv().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let variant = try #require(csv[0].firstIndex(of: "variant"))
        #expect(csv.dropFirst().allSatisfy { $0[variant] == Report.noVariant })
    }
}
