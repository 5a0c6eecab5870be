import Foundation
@testable import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// A metric is declared once, in ``Metric/catalog``: every output reads it
/// there, and docs/MODEL.md's metrics table is written from it.
struct MetricCatalogTests {
    @Test func everyMetricHasOneSpec() {
        #expect(Metric.catalog.map(\.metric).sorted { $0.rawValue < $1.rawValue } == Metric.allCases.sorted { $0.rawValue < $1.rawValue })
        #expect(Metric.allCases.allSatisfy { $0.spec.metric == $0 })
    }

    /// A group's metrics are together, so JSON writes each key once, and
    /// every metric but `converged` (which `convergenceSeconds` says) is
    /// in it.
    @Test func theJSONNestsEachGroupOnce() throws {
        let result = Fixtures.smallResults[0]
        let members = Metric.jsonMembers(result)
        #expect(Set(members.map(\.key)).count == members.count)
        #expect(Metric.catalog.filter { !$0.isInJSON }.map(\.metric) == [.converged])
        let duplicates = try #require(members.first { $0.key == "duplicates" })
        #expect(duplicates.value == .object([.init("final", .int(result.duplicates.final)), .init("peak", .int(result.duplicates.peak)),
                                             .init("seconds", .number(DecimalText.seconds(micros: result.duplicates.integralMicros)))]))
    }

    @Test func theLegendJoinsEntriesAndSharedHeaders() {
        let entries = [ColumnLegend(header: "a", join: .newLine, text: "one"), ColumnLegend(header: "b", join: .sameLine, text: "two"),
                       ColumnLegend(header: "c", join: .newLine, text: "three"), ColumnLegend(header: "d", join: .sharedEntry, text: "four"),
                       ColumnLegend(header: "e", join: .sameLine, text: "five")]
        #expect(ColumnLegend.lines(entries) == ["a: one; b: two", "c, d: three, four; e: five"])
    }

    // MARK: docs/MODEL.md

    static let modelURL = PackageRoot.url.appendingPathComponent("docs/MODEL.md")
    /// The line above the table in docs/MODEL.md.
    static let marker = "<!-- metrics table: generated from Metric.catalog by MetricCatalogTests; "
        + "re-record with SYNCSIM_RECORD_GOLDEN=1 swift test --filter MetricCatalogTests -->"

    /// docs/MODEL.md's lines, and the range of the table's lines: from the
    /// one after ``marker`` to the next blank line.
    static func modelTable() throws -> (lines: [String], table: Range<Int>) {
        let lines = try String(contentsOf: modelURL, encoding: .utf8).components(separatedBy: "\n")
        guard let marker = lines.firstIndex(of: Self.marker) else { throw MissingMarker() }
        let end = lines[(marker + 1)...].firstIndex(of: "") ?? lines.endIndex
        return (lines, marker + 1 ..< end)
    }

    struct MissingMarker: Error, CustomStringConvertible {
        var description: String { "docs/MODEL.md has no line \(MetricCatalogTests.marker)" }
    }

    /// The table is the catalog's: re-recorded on purpose, never by hand.
    @Test func modelMetricsTableIsTheCatalogs() throws {
        var (lines, table) = try Self.modelTable()
        if GoldenFile.isRecording {
            lines.replaceSubrange(table, with: Metric.docsTable)
            try Data(lines.joined(separator: "\n").utf8).write(to: Self.modelURL, options: .atomic)
            return
        }
        let found = Array(lines[table])
        let expected = Metric.docsTable
        let row = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(found.count, expected.count)
        let same = found == expected
        #expect(same, """
            docs/MODEL.md's metrics table differs from Metric.catalog at row \(row + 1):
            document: \(row < found.count ? found[row] : "(no row)")
            catalog:  \(row < expected.count ? expected[row] : "(no row)")
            re-record with SYNCSIM_RECORD_GOLDEN=1 swift test --filter MetricCatalogTests and review the diff of docs/MODEL.md
            """)
    }
}
