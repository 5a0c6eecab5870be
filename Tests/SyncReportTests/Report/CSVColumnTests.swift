import Foundation
@testable import SyncReport
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Every CSV kind reads as one table: the same header in every file of the
/// kind, and one type per column (whole numbers, decimals or text), an
/// empty cell meaning "no value". The sweep files' are checked beside
/// the sweeps (SyncExperimentsTests' `SweepCSVColumnTests`).
struct CSVColumnTests {
    @Test func reportCSVHasOneHeaderAndOneTypePerColumn() throws {
        let reports = ScenarioReports.all + [Fixtures.smallReport(includesTiming: true), Fixtures.neverConvergingReport]
        try CSVReader.checkKind("report.csv", files: reports.map { $0.csv() }) { _ in Report.csvHeader }
        #expect(Report.csvHeader.suffix(2) == ["wallSeconds", "eventsPerSecond"], "timing columns stay, empty without timing")
    }

    /// The kinds a reader gets, pinned for the columns whose type once
    /// varied by row: seconds always with six decimals, counts whole.
    @Test func reportCSVColumnKinds() throws {
        let file = try CSVReader(Fixtures.smallReport(includesTiming: true).csv())
        let kinds = file.kinds()
        #expect(kinds["duplicates.seconds"] == [.double])
        #expect(kinds["duplicates.final"] == [.int])
        #expect(kinds["converged"] == [.int])
        #expect(kinds["wallSeconds"] == [.double])
        #expect(kinds["eventsPerSecond"] == [.int])
        #expect(kinds["seed"] == [.int])
        #expect(kinds["engine"] == [.string])
        let never = try CSVReader(Fixtures.neverConvergingReport.csv())
        let column = try #require(never.header.firstIndex(of: "convergenceSeconds"))
        #expect(never.rows.allSatisfy { $0[column].isEmpty }, "a run that never converged has no convergenceSeconds")
    }

    @Test(arguments: [
        (["0", "0.05", "0.1"], ["0.00", "0.05", "0.10"]),
        (["1", "2", "400"], ["1", "2", "400"]),
        (["-0.5", "1"], ["-0.5", "1.0"]),
        (["10ms", "1s"], ["10ms", "1s"]),
        (["0", "0.1", "x"], ["0", "0.1", "x"]),
        (["1.", ".5"], ["1.", ".5"]),
    ])
    func settingCellsPadDecimalsOnlyWhenEveryValueIsADecimal(values: [String], cells: [String]) {
        let map = CSV.settingCells(values)
        #expect(values.map { map[$0] } == cells)
    }
}
