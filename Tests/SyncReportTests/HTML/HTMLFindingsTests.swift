@testable import SyncReport
import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// The sentences a report page opens with, on results made by hand so
/// that every expected sentence can be derived from the figures given.
struct HTMLFindingsTests {
    /// A real run's result with every figure the sentences read replaced:
    /// converged after 500 ms, quiesced, nothing lost or refused.
    static func result(_ name: String, final: Int = 0, peak: Int = 0, integralMicros: Int64 = 0, lost: Int = 0, diverged: Int = 0,
                       convergenceMicros: Int64? = 500_000, rejected: Int = 0, quiesced: Bool = true,
                       liveness: Liveness = .held) -> RunResult {
        var copy = HTMLReportTests.defaultReport.results[0]
        copy.strategy = name
        copy.duplicates.final = final
        copy.duplicates.peak = peak
        copy.duplicates.integralMicros = integralMicros
        copy.lostWrites = .init(fields: lost, records: 0)
        copy.diverged = diverged
        copy.convergenceMicros = convergenceMicros
        copy.rejected = .init(localSaves: rejected, changeSets: 0, blocked: 0)
        copy.quiesced = quiesced
        copy.liveness = liveness
        copy.endMicros = 60_000_000
        return copy
    }

    static func sentences(_ results: [RunResult], expectations: [ExpectationOutcome] = [],
                          preset: (name: String, notRun: [String])? = nil) -> [String] {
        ReportFindings(results: results, expectations: expectations, preset: preset).sentences
    }

    @Test func nothingWrongIsSaidOncePerCategory() {
        let lines = Self.sentences([Self.result("a"), Self.result("b", convergenceMicros: 700_000), Self.result("c")])
        #expect(lines == [
            "No strategy held a duplicate record at any moment.",
            "No strategy loses an acknowledged write.",
            "Every strategy converged; the slowest, b, 0.700 s after the last heal or write.",
        ])
    }

    @Test func oneStrategyIsNamedNotCountedAsEvery() {
        let lines = Self.sentences([Self.result("lww", final: 3, peak: 5, integralMicros: 2_340_000, lost: 1)])
        #expect(lines == [
            "lww ends with 3 duplicate records on the worst replica.",
            "lww loses 1 acknowledged write (the lost column).",
            "lww converged 0.500 s after the last heal or write.",
        ])
        #expect(Self.sentences([Self.result("crdt")]).prefix(2) == ["crdt never held a duplicate record.", "crdt loses no acknowledged write."])
    }

    /// The default scenario's shape: one strategy ends with duplicates, one
    /// had them on the way, the rest never; some lose writes, some differ.
    @Test func theDefaultScenarioShape() {
        let results = [
            Self.result("unique:error", diverged: 4, convergenceMicros: nil, rejected: 1020),
            Self.result("unique:overwrite", lost: 58, diverged: 2, convergenceMicros: nil),
            Self.result("lww", final: 400, peak: 400, integralMicros: 111_200_000, lost: 122, convergenceMicros: 521_000),
            Self.result("dedupe", peak: 300, integralMicros: 26_900_000, lost: 122, convergenceMicros: 601_000),
            Self.result("crdt", convergenceMicros: 521_000),
        ]
        #expect(Self.sentences(results) == [
            "lww ends with 400 duplicate records on the worst replica; the other 4 end with none.",
            "dedupe ends with none but held up to 300 on the way (worst replica).",
            "Best by duplicates: unique:error, unique:overwrite and crdt (none at any moment); "
                + "worst: lww (400 at the end, peak 400, 111.2 duplicate-seconds).",
            "Lost writes: unique:overwrite 58, lww 122 and dedupe 122; unique:error and crdt lose none.",
            "Replicas still differ at the end under unique:error and unique:overwrite: 4 and 2 replicas outside the largest group showing identical data.",
            "The other 3 converged; the slowest, dedupe, 0.601 s after the last heal or write.",
            "Stores refused writes under unique:error: 1020 rejected.",
        ])
    }

    @Test func everyStrategyWithDuplicatesAndTiesForWorst() {
        let lines = Self.sentences([Self.result("a", final: 2, peak: 2, integralMicros: 1_000_000),
                                    Self.result("b", final: 7, peak: 9, integralMicros: 5_050_000),
                                    Self.result("c", final: 7, peak: 9, integralMicros: 5_050_000)])
        #expect(lines[0] == "Every strategy ends with duplicate records on the worst replica: a (2), b (7) and c (7).")
        #expect(lines[1] == "Best by duplicates: a (2 at the end, peak 2, 1.0 duplicate-seconds); worst: b and c (7 at the end, peak 9, 5.1 duplicate-seconds).")
        let tie = Self.sentences([Self.result("a", final: 1, peak: 1), Self.result("b", final: 1, peak: 1)])
        #expect(tie[1] == "Every strategy has the same duplicate figures (1 at the end, peak 1, 0.0 duplicate-seconds).")
    }

    @Test func duplicatesOnlyOnTheWayAreNotCalledFinal() {
        let lines = Self.sentences([Self.result("dedupe", peak: 1, integralMicros: 50_000), Self.result("crdt")])
        #expect(lines[0] == "No strategy ends with a duplicate record.")
        #expect(lines[1] == "dedupe ends with none but held up to 1 on the way (worst replica).")
        let two = Self.sentences([Self.result("a", peak: 4), Self.result("b", peak: 2)])
        #expect(two[1] == "a (up to 4) and b (up to 2) end with none but held duplicates on the way (worst replica).")
        #expect(lines[2] == "Best by duplicates: crdt (none at any moment); worst: dedupe (0 at the end, peak 1, 0.1 duplicate-seconds).")
    }

    @Test func unfinishedRunsAndBrokenPromisesAreSaid() {
        let lines = Self.sentences([Self.result("a", diverged: 1, convergenceMicros: nil, quiesced: false, liveness: .failed),
                                    Self.result("b", convergenceMicros: 1_250_000)])
        #expect(lines.contains("Replicas still differ at the end under a: 1 replica outside the largest group showing identical data."))
        #expect(lines.contains("Only b converged, 1.250 s after the last heal or write."))
        #expect(lines.contains("a (at 60 s) did not quiesce: sync could still change a replica when the run stopped, so its figures are not final."))
        #expect(lines.contains("a broke its promise to converge after the last fault (liveness failure)."))
    }

    @Test func strategiesTheStackCannotRunAndExpectations() {
        let results = [Self.result("lww"), Self.result("dedupe")]
        let preset = (name: "nspckc", notRun: ["unique:*", "crdt"])
        let pass = ExpectationOutcome(expectation: Expectation(strategy: "lww", metric: .duplicatesFinal, bound: .equals(0)), strategy: "lww", actual: 0)
        let fail = ExpectationOutcome(expectation: Expectation(strategy: "*", metric: .lostWrites, bound: .range(min: nil, max: 0)),
                                      strategy: "dedupe", actual: 3)
        let lines = Self.sentences(results, expectations: [pass, fail], preset: preset)
        #expect(lines.contains("Not run: unique:* and crdt, which the nspckc stack cannot run (the reasons are below)."))
        #expect(lines.last == "1 of 2 expectations fails: dedupe lostWrites (expected ≤ 0, got 3).")
        #expect(Self.sentences(results, expectations: [pass]).last == "The scenario file's one expectation passes.")
        #expect(Self.sentences(results, expectations: [pass, pass]).last == "All 2 expectations of the scenario file pass.")
        #expect(!Self.sentences(results, preset: (name: "ownserver", notRun: [])).contains { $0.hasPrefix("Not run") })
    }

    @Test func worstByDuplicatesIsTheFirstOnATie() {
        #expect(ReportFindings.worstByDuplicates([]) == nil)
        #expect(ReportFindings.worstByDuplicates([Self.result("a"), Self.result("b")]) == 0)
        #expect(ReportFindings.worstByDuplicates([Self.result("a"), Self.result("b", peak: 1), Self.result("c", peak: 1)]) == 1)
        #expect(ReportFindings.worstByDuplicates([Self.result("a", peak: 9), Self.result("b", final: 1, peak: 1)]) == 1)
    }

    @Test func theReportPageOpensWithTheSentences() throws {
        let report = HTMLReportTests.defaultReport
        let page = report.html()
        let finding = try #require(page.range(of: "<section class=\"finding\""))
        #expect(page.range(of: "<svg")!.lowerBound > finding.lowerBound)
        #expect(page.range(of: "<table>")!.lowerBound > finding.lowerBound)
        for sentence in ReportFindings(report).sentences {
            #expect(page.contains("<p>\(HTMLPage.escape(sentence))</p>"))
        }
    }

    @Test func englishLists() {
        #expect(Prose.list([]) == "")
        #expect(Prose.list(["a"]) == "a")
        #expect(Prose.list(["a", "b"]) == "a and b")
        #expect(Prose.list(["a", "b", "c"]) == "a, b and c")
        #expect(Prose.count(1, "replica") == "1 replica")
        #expect(Prose.count(2, "dedupe pass", plural: "dedupe passes") == "2 dedupe passes")
        #expect(Prose.others(["crdt"]) == "crdt")
        #expect(Prose.others(["a", "b", "c"]) == "the other 3")
        #expect(Prose.others(["crdt"], singular: "loses none", plural: "lose none") == "crdt loses none")
        #expect(Prose.others(["a", "b"], singular: "loses none", plural: "lose none") == "a and b lose none")
    }
}
