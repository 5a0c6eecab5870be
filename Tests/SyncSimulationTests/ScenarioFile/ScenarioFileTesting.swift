import Foundation
import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Helpers shared by the scenario-file tests: parse text as a file called
/// `t.json5`, and check that a document fails with one exact message.
enum ScenarioFileTesting {
    static let fileName = "t.json5"

    /// The package root (``PackageRoot``).
    static var packageRoot: URL { PackageRoot.url }

    static var scenariosFolder: URL { packageRoot.appendingPathComponent("Scenarios") }

    /// The names of the scenario files in `Scenarios/`, sorted.
    static func scenarioFileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json5") }.sorted()
    }

    static func parse(_ text: String, seed: UInt64? = nil) throws(ScenarioFileError) -> ScenarioDocument {
        try ScenarioFile.parse(Data(text.utf8), file: fileName, seed: seed)
    }

    /// The error `text` gives, or nil when it parses.
    static func failure(_ text: String) -> ScenarioFileError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Checks that `text` fails with exactly `description`
    /// (`t.json5: path: message`).
    static func expectFailure(_ text: String, _ description: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = failure(text) else {
            Issue.record("parsed without error; expected: \(description)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.description == description, sourceLocation: sourceLocation)
        #expect(error.file == fileName, sourceLocation: sourceLocation)
    }

    /// `{ name: "x", <members> }`: a document over the defaults (three
    /// replicas r1 … r3 and the User schema) with some members added.
    static func document(_ members: String) -> String {
        "{ name: \"x\", \(members) }"
    }

    /// A document whose only non-default member is `steps: [<steps>]`.
    static func steps(_ steps: String) -> String {
        document("steps: [\(steps)]")
    }

    /// A freshly made empty folder under the temporary directory.
    static func makeTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-file-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let user = EntityIndex(0)
    static let emailKeyID = UniqueKeyID(entity: EntityIndex(0), key: 0)

    static func emailKey(_ email: String) -> NaturalKey {
        NaturalKey(uniqueKey: emailKeyID, values: [.string(email)])
    }

    static func replica(_ index: Int) -> ReplicaID { ReplicaID(index) }

    /// The replica and intent of an intent step; nil for other actions.
    static func intent(of step: Step) -> (replica: ReplicaID, intent: Intent)? {
        guard case .intent(let replica, let intent) = step.action else { return nil }
        return (replica, intent)
    }
}
