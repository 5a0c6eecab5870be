import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// Sweep outputs of a preset whose strategies run once per variant
/// (``ScenarioVariant``): JSON rows name the variant only when there is
/// one, Markdown names each column `strategy [variant]`, and part files
/// carry the variants through a sharded sweep and its merge.
struct SweepVariantReportTests {
    /// `offline-field-edits` as nspckc at two drop rates, two seeds: each
    /// of lww and dedupe under importFirst and exportFirst.
    static let plan: Sweep.Plan = {
        let path = Fixtures.scenariosFolder.appendingPathComponent("offline-field-edits.json5").path
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("no \(path)") }
        return Sweep.Plan(file: "Scenarios/offline-field-edits.json5", data: data,
                          parameters: [SweepParameter(path: "preset", values: ["nspckc"]), SweepParameter(path: "network.drop", values: ["0", "0.1"])],
                          seeds: [1, 2], strategies: nil)
    }()

    static var runs: Sweep.Runs { runsOnce.value }
    private static let runsOnce = ComputedOnce<Sweep.Runs> {
        do { return try Sweep.run(plan, checksInvariants: false) } catch { fatalError("\(error)") }
    }

    static let labels = ["lww [importFirst]", "lww [exportFirst]", "dedupe [importFirst]", "dedupe [exportFirst]"]

    static func members(_ value: JSONValue) -> [JSONValue.Member] {
        guard case .object(let members) = value else { return [] }
        return members
    }

    @Test func jsonRowsCarryTheVariantOnlyWhenThereIsOne() throws {
        let json = Sweep.summarize(Self.plan, Self.runs).json()
        let top = Self.members(json)
        #expect(top.map(\.key) == ["schemaVersion", "tool", "toolVersion", "command", "scenario", "file", "parameters", "seeds", "strategies", "variants", "results"])
        #expect(top.first { $0.key == "strategies" }?.value == .array([.string("lww"), .string("dedupe")]))
        #expect(top.first { $0.key == "variants" }?.value == .array([.string("importFirst"), .string("exportFirst")]))
        guard case .array(let results)? = top.first(where: { $0.key == "results" })?.value else {
            Issue.record("no results")
            return
        }
        #expect(results.count == 2 * Self.labels.count * Metric.allCases.count)
        for result in results {
            #expect(Self.members(result).map(\.key).prefix(4) == ["point", "strategy", "variant", "metric"])
        }
        let lost = results.map(Self.members).filter { $0.contains(JSONValue.Member("metric", .string(Metric.lostFieldWrites.rawValue))) }
        #expect(lost.compactMap { $0.first { $0.key == "variant" }?.value } == Array(repeating: [.string("importFirst"), .string("exportFirst")], count: 4).flatMap { $0 })
        #expect(lost.compactMap { $0.first { $0.key == "mean" }?.value } == Array(repeating: [.number("0.000000"), .number("1.000000")], count: 4).flatMap { $0 })

        // Without variants: no `variants`, no `variant` in any row.
        let plain = HTMLSweepTests.twoByTwo.json().rendered()
        #expect(!plain.contains("\"variant"))
    }

    @Test func markdownNamesEachColumnStrategyAndVariant() {
        let markdown = Sweep.summarize(Self.plan, Self.runs).markdown()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("Each strategy runs once per variant (importFirst, exportFirst): the preset has a behaviour no source settles."))
        let header = "| preset | network.drop | " + Self.labels.joined(separator: " | ") + " |"
        #expect(lines.filter { $0 == header }.count == SweepResult.headlineMetrics.count)
        // lostWrites: r1's name lost under exportFirst, at both drop rates.
        let section = lines.drop { $0 != "### lostWrites" }.prefix(6)
        #expect(section.suffix(2) == ["| nspckc | 0 | 0 [0, 0] | 1 [1, 1] | 0 [0, 0] | 1 [1, 1] |",
                                      "| nspckc | 0.1 | 0 [0, 0] | 1 [1, 1] | 0 [0, 0] | 1 [1, 1] |"])
        #expect(lines.contains("### resurrected"))
        #expect(!HTMLSweepTests.twoByTwo.markdown().contains("variant"))
    }

    /// A sweep split in two, written, read back and merged is the whole
    /// sweep: the same variants and figures, the same summary.
    @Test func partsRoundTripTheVariants() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-sweep-variants-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for shard in 1 ... 2 {
            let part = try Sweep.run(Self.plan, shard: shard, of: 2, checksInvariants: false)
            let path = folder.appendingPathComponent(SweepParts.fileName(shard: shard, of: 2)).path
            try Data(SweepParts.json(plan: Self.plan, runs: part, shard: shard, of: 2).rendered().utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let parts = try paths.map(SweepParts.read)
        #expect(parts.allSatisfy { $0.runs.variants == ["importFirst", "exportFirst"] && $0.runs.strategies == ["lww", "dedupe"] })
        let merged = try SweepParts.merge(parts, paths: paths)
        #expect(merged.runs.runs == Self.runs.runs)
        #expect(merged.runs.values == Self.runs.values)
        #expect(Sweep.summarize(merged.plan, merged.runs).csv() == Sweep.summarize(Self.plan, Self.runs).csv())
        #expect(merged.runs.csv(plan: merged.plan) == Self.runs.csv(plan: Self.plan))
    }

    /// A part without variants is written as before variants existed (no
    /// `variants` key) and reads as none; parts whose variants differ do
    /// not merge; a job with a list per strategy where the part names
    /// variants is malformed.
    @Test func partsWithoutVariantsKeepTheirFormAndMismatchesAreRefused() throws {
        let plan = Sweep.Plan(file: "s.json5", data: Data(), parameters: [SweepParameter(path: "network.drop", values: ["0"])],
                              seeds: [1, 2], strategies: ["lww"])
        let figures = Array(repeating: Double?(0), count: Metric.allCases.count)
        func part(_ variants: [String], shard: Int, lists: Int) -> JSONValue {
            SweepParts.json(plan: plan, runs: Sweep.Runs(scenario: "s", strategies: ["lww"], variants: variants,
                                                         values: [shard - 1: Array(repeating: figures, count: lists)]),
                            shard: shard, of: 2)
        }
        #expect(!Self.members(part([], shard: 1, lists: 1)).contains { $0.key == "variants" })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-sweep-variant-parts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ value: JSONValue, _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(value.rendered().utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let plainPath = try write(part([], shard: 1, lists: 1), "plain-1.json")
        let plain = try SweepParts.read(plainPath)
        #expect(plain.runs.variants.isEmpty && plain.runs.runs == [SweepRun(strategy: "lww")])

        let variantPath = try write(part(["a", "b"], shard: 2, lists: 2), "variants-2.json")
        let variant = try SweepParts.read(variantPath)
        #expect(variant.runs.runs == [SweepRun(strategy: "lww", variant: "a"), SweepRun(strategy: "lww", variant: "b")])
        let mixed = #expect(throws: SweepParts.ReadError.self) { try SweepParts.merge([plain, variant], paths: [plainPath, variantPath]) }
        #expect(mixed?.description == "\(variantPath): belongs to another sweep than \(plainPath) (file, settings, seeds, strategies, variants or shard count differ)")

        let shortPath = try write(part(["a", "b"], shard: 1, lists: 1), "short-1.json")
        let short = #expect(throws: SweepParts.ReadError.self) { try SweepParts.read(shortPath) }
        #expect(short?.description == "\(shortPath): a job is malformed")
    }
}
