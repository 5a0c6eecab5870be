import Foundation
@testable import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// A metric is declared once, in ``Metric/catalog``: every output reads it
/// there.
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
}
