import Foundation
import Testing
@testable import SyncLint

/// Entitlements where the build names them (issue 43): an app whose
/// project names no entitlements, or names files that enable no CloudKit
/// service, does not sync through the container, whatever `.entitlements`
/// files lie elsewhere; the projects are Xcode's, Tuist's and XcodeGen's.
struct ProjectEntitlementsTests {
    typealias P = ProjectFixtures

    static func only(_ path: String, options: LintOptions = LintOptions()) throws -> LintReport {
        let reports = try ModelLint.lintAll(path, options: options)
        try #require(reports.count == 1)
        return reports[0]
    }

    static let cloudKit = P.entitlements(["CloudKit"])
    static let documentsOnly = P.entitlements(["CloudDocuments"])

    // MARK: Xcode

    /// The case: no `CODE_SIGN_ENTITLEMENTS` and no `.entitlements`
    /// file, a `@Attribute(.unique)`: notes, exit 0, and the `cloudkit:`
    /// line names the project.
    @Test func aProjectNamingNoEntitlementsDoesNotSync() throws {
        let report = try Self.only(P.noEntitlements)
        #expect(report.exitStatus == 0)
        #expect(report.findings.map(\.severity) == [.note])
        #expect(report.findings[0].rule == .uniqueConstraint)
        #expect(report.findings[0].message.hasPrefix(ModelChecker.hypotheticalPrefix))
        #expect(report.syncLine == "not synced: the project names no entitlements (\(P.noEntitlements)/Trips.xcodeproj); "
            + "--assume-cloudkit checks it as synced")
        #expect(report.text.contains("\ncloudkit: not synced: the project names no entitlements ("))
        #expect(try Self.only(P.noEntitlements, options: LintOptions(assumesCloudKit: true)).exitStatus == 1)
    }

    /// The same project naming a file that enables CloudKit, through
    /// `$(SRCROOT)`: the app syncs, and the constraint is an error.
    @Test func aProjectNamingCloudKitEntitlementsSyncs() throws {
        let app = try P.app([P.pbxproj: try P.pbxproj(debug: "\"$(SRCROOT)/Trips/Trips.entitlements\"", release: "Trips/Trips.entitlements"),
                             "Trips/Trips.entitlements": Self.cloudKit])
        let report = try Self.only(app)
        #expect(report.exitStatus == 1)
        #expect(report.model.cloudKit.isSynced)
        #expect(report.findings.map(\.rule) == [.uniqueConstraint])
        #expect(report.stack.preset == .nspckc)
        #expect(report.stack.evidence == "\(app)/Trips/TripsApp.swift:10")
    }

    /// Every build configuration is read: only Release names the file
    /// that enables CloudKit (met with a Development and a Production
    /// file, GordonBeeming/HardPhaseTracker).
    @Test func everyConfigurationIsRead() throws {
        let app = try P.app([P.pbxproj: try P.pbxproj(debug: "Trips/Debug.entitlements", release: "Trips/Release.entitlements"),
                             "Trips/Debug.entitlements": Self.documentsOnly, "Trips/Release.entitlements": Self.cloudKit])
        let report = try Self.only(app)
        #expect(report.exitStatus == 1)
        #expect(report.stack.preset == .nspckc)
    }

    /// The named file lists iCloud Documents only: not synced, and the
    /// line names the file and the project. A stray file that does list
    /// CloudKit (a widget's, not the app's) does not count.
    @Test func namedEntitlementsWithoutCloudKitDoNotSync() throws {
        let app = try P.app([P.pbxproj: try P.pbxproj(debug: "Trips/Trips.entitlements", release: "Trips/Trips.entitlements"),
                             "Trips/Trips.entitlements": Self.documentsOnly, "Widget/Widget.entitlements": Self.cloudKit])
        let report = try Self.only(app)
        #expect(report.exitStatus == 0)
        #expect(report.model.cloudKit == .notSynced(because: "the entitlements the project names enable no CloudKit service "
            + "(\(app)/Trips/Trips.entitlements, named by \(app)/Trips.xcodeproj)"))
    }

    /// The project names a file that enables CloudKit; a stray file that
    /// does not lies beside it: the project decides.
    @Test func theNamedFileDecidesOverAStrayOne() throws {
        let app = try P.app([P.pbxproj: try P.pbxproj(debug: nil, release: "Trips/Trips.entitlements"),
                             "Trips/Trips.entitlements": Self.cloudKit, "Old/Old.entitlements": Self.documentsOnly])
        let report = try Self.only(app)
        #expect(report.exitStatus == 1)
        #expect(report.stack.preset == .nspckc)
    }

    /// A project naming none beside `.entitlements` files: they decide, as
    /// before the project was read (one may be named where lint does not
    /// look).
    @Test func withoutNamesTheFolderEntitlementsDecideAsBefore() throws {
        let synced = try P.app(["Trips/Trips.entitlements": Self.cloudKit])
        #expect(try Self.only(synced).exitStatus == 1)
        #expect(try Self.only(synced).stack.preset == .nspckc)
        let local = try P.app(["Trips/Trips.entitlements": Self.documentsOnly])
        #expect(try Self.only(local).model.cloudKit == .notSynced(because: "no entitlements file here enables CloudKit (\(local)/Trips/Trips.entitlements)"))
    }

    /// A value lint cannot expand (`$(TARGET_NAME)`) or a file that is not
    /// there leaves the build's entitlements unknown: judged as before.
    @Test(arguments: ["\"$(TARGET_NAME)/$(TARGET_NAME).entitlements\"", "Trips/Missing.entitlements"])
    func aNameLintCannotFollowDecidesNothing(value: String) throws {
        let app = try P.app([P.pbxproj: try P.pbxproj(debug: value, release: value)])
        #expect(try Self.only(app).exitStatus == 1)
        #expect(try Self.only(app).stack.preset == .nspckc)
    }

    /// An `.xcconfig` names the file for the project: it counts.
    @Test func anXcconfigNamesEntitlementsForTheProject() throws {
        let app = try P.app(["Config/App.xcconfig": "// shared\nCODE_SIGN_ENTITLEMENTS = Trips/Trips.entitlements\n",
                             "Trips/Trips.entitlements": Self.cloudKit])
        #expect(try Self.only(app).exitStatus == 1)
        #expect(try Self.only(app).stack.preset == .nspckc)
    }

    /// A Core Data app that creates an NSPersistentCloudKitContainer but
    /// whose project names no entitlements does not sync either.
    @Test func theContainerDoesNotSyncWithoutEntitlementsEither() throws {
        let model = try String(contentsOfFile: RealModelConstructTests.contents("LocalOnly"), encoding: .utf8)
        let app = try P.app(["Trips/Trip.swift": nil, "Trips/TripsApp.swift": nil,
                             "Trips/Model.xcdatamodeld/Model.xcdatamodel/contents": model,
                             "Trips/Persistence.swift": "import CoreData\nlet container = NSPersistentCloudKitContainer(name: \"Model\")\n"])
        let report = try Self.only(app)
        #expect(report.exitStatus == 0)
        #expect(report.model.cloudKit.evidence.hasPrefix("the project names no entitlements"))
    }

    // MARK: Tuist

    static let tuistTarget = """
        import ProjectDescription

        let project = Project(
            name: "Trips",
            targets: [
                .target(
                    name: "Trips",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "com.example.Trips",
                    sources: ["Trips/**"],ENTITLEMENTS
                    dependencies: []
                ),
            ]
        )
        """

    static func tuist(_ entitlements: String?, extra: [String: String] = [:]) throws -> String {
        let manifest = tuistTarget.replacingOccurrences(of: "ENTITLEMENTS", with: entitlements.map { "\n            entitlements: \($0)," } ?? "")
        var changes: [String: String?] = [P.pbxproj: nil, "Project.swift": manifest]
        for (path, text) in extra { changes[path] = text }
        return try P.app(changes)
    }

    @Test(arguments: ["\"Trips/Trips.entitlements\"", ".file(path: \"Trips/Trips.entitlements\")",
                      ".file(path: .relativeToManifest(\"Trips/Trips.entitlements\"))"])
    func aTuistManifestNamesItsFile(_ argument: String) throws {
        let synced = try Self.tuist(argument, extra: ["Trips/Trips.entitlements": Self.cloudKit])
        #expect(try Self.only(synced).exitStatus == 1)
        #expect(try Self.only(synced).stack.preset == .nspckc)
        let local = try Self.tuist(argument, extra: ["Trips/Trips.entitlements": Self.documentsOnly])
        #expect(try Self.only(local).exitStatus == 0)
    }

    /// Entitlements written in the manifest, directly or through a constant.
    @Test func aTuistDictionaryDecidesByItsServices() throws {
        let dictionary = ".dictionary([\n\"com.apple.developer.icloud-services\": .array([.string(\"CloudKit\")]),\n])"
        // The widget's file, which enables no CloudKit, is not the app's.
        let widget = ["Widget/Widget.entitlements": Self.documentsOnly]
        #expect(try Self.only(try Self.tuist(dictionary, extra: widget)).exitStatus == 1)
        let constant = try Self.tuist("appEntitlements", extra: widget)
        let manifest = try String(contentsOfFile: constant + "/Project.swift", encoding: .utf8)
        try Data(manifest.replacingOccurrences(of: "let project", with: "let appEntitlements = Entitlements\(dictionary)\n\nlet project").utf8)
            .write(to: URL(fileURLWithPath: constant + "/Project.swift"))
        #expect(try Self.only(constant).exitStatus == 1)
        #expect(try Self.only(try Self.tuist(".dictionary([\"aps-environment\": \"development\"])")).exitStatus == 0)
    }

    @Test func aTuistManifestNamingNoneDoesNotSync() throws {
        let app = try Self.tuist(nil)
        #expect(try Self.only(app).model.cloudKit == .notSynced(because: "the project names no entitlements (\(app)/Project.swift)"))
    }

    /// An app's own `Project.swift` (a `@Model class Project`) is no manifest.
    @Test func aProjectSwiftWithoutProjectDescriptionIsNoManifest() throws {
        let app = try P.app([P.pbxproj: nil, "Trips/Project.swift": "import SwiftData\n@Model final class Project {\n    var name: String = \"\"\n    init() {}\n}\n"])
        #expect(try Self.only(app).exitStatus == 1)
        #expect(try Self.only(app).stack.preset == .nspckc)
    }

    // MARK: XcodeGen

    static func xcodeGen(_ spec: String, extra: [String: String] = [:]) throws -> String {
        var changes: [String: String?] = [P.pbxproj: nil, "project.yml": spec]
        for (path, text) in extra { changes[path] = text }
        return try P.app(changes)
    }

    static let spec = """
        name: Trips
        targets:
          Trips:
            type: application
            platform: iOS
            sources: [Trips]
        """

    @Test func anXcodeGenEntitlementsPathDecides() throws {
        let named = Self.spec + "\n    entitlements:\n      path: Trips/Trips.entitlements\n"
        let synced = try Self.only(try Self.xcodeGen(named, extra: ["Trips/Trips.entitlements": Self.cloudKit]))
        #expect(synced.exitStatus == 1)
        #expect(synced.stack.preset == .nspckc)
        #expect(try Self.only(try Self.xcodeGen(named, extra: ["Trips/Trips.entitlements": Self.documentsOnly])).exitStatus == 0)
    }

    /// `properties:` are what XcodeGen writes into the file: they decide,
    /// as a flow list or a block list.
    @Test(arguments: ["com.apple.developer.icloud-services: [CloudKit]", "com.apple.developer.icloud-services:\n          - CloudKit"])
    func xcodeGenPropertiesDecide(services: String) throws {
        let spec = Self.spec + "\n    entitlements:\n      path: Trips/Trips.entitlements\n      properties:\n        \(services)\n"
        // The generated file is not committed; the widget's, without CloudKit, is.
        #expect(try Self.only(try Self.xcodeGen(spec, extra: ["Widget/Widget.entitlements": Self.documentsOnly])).exitStatus == 1)
        let without = Self.spec + "\n    entitlements:\n      path: Trips/Trips.entitlements\n      properties:\n        aps-environment: development\n"
        #expect(try Self.only(try Self.xcodeGen(without)).exitStatus == 0)
    }

    /// `CODE_SIGN_ENTITLEMENTS` under a target's settings, in a spec the
    /// root one includes: relative to the project's folder.
    @Test func anIncludedSpecsBuildSettingCounts() throws {
        let target = "targets:\n  Trips:\n    settings:\n      base:\n        CODE_SIGN_ENTITLEMENTS: Trips/Trips.entitlements\n"
        let app = try Self.xcodeGen("name: Trips\ninclude:\n  - path: Trips/target.yml\n",
                                    extra: ["Trips/target.yml": target, "Trips/Trips.entitlements": Self.cloudKit])
        #expect(try Self.only(app).exitStatus == 1)
        #expect(try Self.only(app).stack.preset == .nspckc)
    }

    @Test func anXcodeGenSpecNamingNoneDoesNotSync() throws {
        let app = try Self.xcodeGen(Self.spec + "\n")
        #expect(try Self.only(app).model.cloudKit == .notSynced(because: "the project names no entitlements (\(app)/project.yml)"))
    }

    // MARK: Reading the files

    @Test func buildSettingsAreReadQuotedConditionalAndEmpty() {
        let text = """
            \t\t\t\tCODE_SIGN_ENTITLEMENTS = App/App.entitlements;
            \t\t\t\t"CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = "Mac App/Mac.entitlements";
            \t\t\t\t"CODE_SIGN_ENTITLEMENTS[config=Debug][sdk=*]" = Debug.entitlements;
            \t\t\t\tCODE_SIGN_ENTITLEMENTS = "";
            \t\t\t\tCODE_SIGN_ENTITLEMENTS_OTHER = Other.entitlements;
            """
        #expect(XcodeBuildSettings.entitlementsValues(inProject: text) == ["App/App.entitlements", "Mac App/Mac.entitlements", "Debug.entitlements"])
    }

    @Test func pathsAreResolvedAgainstTheProjectFolder() {
        #expect(ProjectPath.resolve("$(SRCROOT)/App/App.entitlements", in: "ios") == "ios/App/App.entitlements")
        #expect(ProjectPath.resolve("${PROJECT_DIR}/../Shared/App.entitlements", in: "ios") == "Shared/App.entitlements")
        #expect(ProjectPath.resolve("App/./App.entitlements", in: "") == "App/App.entitlements")
        #expect(ProjectPath.resolve("$(TARGET_NAME)/App.entitlements", in: "") == nil)
        #expect(ProjectPath.resolve("/abs/App.entitlements", in: "ios") == "/abs/App.entitlements")
    }
}
