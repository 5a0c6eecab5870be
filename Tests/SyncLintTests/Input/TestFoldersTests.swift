import Foundation
import Testing
@testable import SyncLint

/// An app's tests do not ship: lint reads no model, configuration or
/// container from a folder named `Tests` or `…Tests` (issue 43). The case
/// is the issue's: an app whose container may sync, and a test helper that
/// builds an in-memory store with `cloudKitDatabase: .none`.
struct TestFoldersTests {
    static let app = """
        import SwiftData
        @Model final class Trip {
            \(uniqueMarker)var name: String = ""
            init() {}
        }
        let configuration = ModelConfiguration(schema: Schema([Trip.self]), cloudKitDatabase: syncEnabled ? .automatic : .none)
        """
    static let uniqueMarker = "UNIQUE"
    static let testHelper = """
        import SwiftData
        @testable import Trips
        func makeContainer() throws -> ModelContainer {
            let schema = Schema([Trip.self])
            let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true, cloudKitDatabase: .none)
            return try ModelContainer(for: schema, configurations: [configuration])
        }
        """

    static func folder(unique: Bool) throws -> String {
        let app = Self.app.replacingOccurrences(of: uniqueMarker, with: unique ? "@Attribute(.unique) " : "")
        return try LintFixtures.folder(["Trips/Trip.swift": app, "TripsTests/TestHelpers.swift": testHelper,
                                        "TripsUITests/Launch.swift": "let none = ModelConfiguration(cloudKitDatabase: .none)\n"])
    }

    @Test func aConstraintOnTheAppsClassIsAnErrorWhateverTheTestsConfigure() throws {
        let folder = try Self.folder(unique: true)
        let reports = try ModelLint.lintAll(folder)
        try #require(reports.count == 1)
        #expect(reports[0].model.cloudKit.isSynced)
        #expect(reports[0].exitStatus == 1)
        let errors = reports[0].findings.filter { $0.severity == .error }.map { "\($0.location.file):\($0.location.line) \($0.rule.rawValue)" }
        #expect(errors == ["\(folder)/Trips/Trip.swift:3 unique-constraint"])
    }

    @Test func withoutTheConstraintNothingCitesATestFile() throws {
        let folder = try Self.folder(unique: false)
        let reports = try ModelLint.lintAll(folder)
        try #require(reports.count == 1)
        #expect(reports[0].exitStatus == 0)
        #expect(reports[0].findings.allSatisfy { !$0.location.file.contains("Tests/") && !$0.message.contains("Tests/") })
        #expect(!reports[0].findings.contains { $0.rule.rawValue == "not-synced" })
    }

    @Test(arguments: ["Tests", "AppTests", "AppUITests"])
    func aFolderOfTestsHoldsTests(name: String) {
        #expect(TestFolders.holdsTests(name))
    }

    @Test(arguments: ["Test", "Testing", "App", "TestsData"])
    func otherFoldersHoldNone(name: String) {
        #expect(!TestFolders.holdsTests(name))
    }
}
