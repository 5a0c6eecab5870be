import Foundation
import Testing
@testable import SyncLint

/// A version's schema is its `models` list and every `@Model` class those
/// reach through relationships, as SwiftData builds it (issue 43):
/// `Fixtures/SwiftData/ReachedClass` lists four classes, and Trip relates
/// to a fifth, Expense, in the same extension.
struct SwiftSchemaReachTests {
    typealias F = LintFixtures

    static let path = F.path("SwiftData/ReachedClass")
    static let file = path + "/TripsSchema.swift"

    @Test func theClassAListedOneReachesIsLinted() throws {
        let reports = try ModelLint.lintAll(Self.path)
        try #require(reports.count == 1)
        let report = reports[0]
        #expect(report.model.entities.map(\.name) == ["Trip", "Stop", "Traveller", "Photo", "Expense"])
        #expect(F.triples(report.findings) == [
            "\(Self.file):19 note schema-version",
            "\(Self.file):53 error required-attribute",
            "\(Self.file):54 error required-attribute",
            "\(Self.file):55 error required-attribute",
        ])
        #expect(!report.findings.contains { $0.rule == .notUnderstood })
        #expect(report.exitStatus == 1)
    }

    /// The note does not name the version it lints among those not
    /// checked, and the summary counts the five entities the store has.
    @Test func theNoteAndTheCountFollow() throws {
        let report = try ModelLint.lint(Self.path)
        #expect(report.findings[0].message
            == "linting the @Model classes of TripsSchemaV1 (its models list), the version the app's typealiases name (\(Self.file):8); "
                + "--schema-version NAME lints another")
        #expect(report.text.contains("in 5 entities of ReachedClass"))
    }

    /// Reached through a chain: a listed class relates to one that is not
    /// listed, which relates to another; a class nothing reaches stays out.
    @Test func reachIsTransitiveAndStopsAtUnrelatedClasses() throws {
        let source = """
            import SwiftData
            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [A.self] }
                @Model final class A {
                    var b: B?
                    init() {}
                }
                @Model final class B {
                    var cs: [C]? = []
                    var a: A?
                    init() {}
                }
                @Model final class C {
                    var b: B?
                    init() {}
                }
                @Model final class Unused {
                    var name: String = ""
                    init() {}
                }
            }
            """
        let report = try ModelLint.lint(try F.folder(["Schema.swift": source]))
        #expect(report.model.entities.map(\.name) == ["A", "B", "C"])
        #expect(report.findings.map(\.rule) == [.schemaVersion])
    }
}
