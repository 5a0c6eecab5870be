import Foundation
@testable import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// `--engine` and `--preset` move a read scenario to another stack
/// (``ScenarioDocument/runningUnder(engine:)``) instead of editing the file
/// before it is read, as they did until issue 30. Moving must mean what
/// the edit meant: for every committed scenario and every stack, the moved
/// document is the document of the file with the new stack written in
/// (`engine` set, `preset` and other engines' settings left out; or
/// `preset` set, `engine`, `topology`, `hubRunsAppCode` and every engine
/// setting left out), or both are refused with the same error.
struct StackChangeEquivalenceTests {
    enum Change: CustomStringConvertible, Sendable {
        case engine(String), preset(String)

        var description: String {
            switch self {
            case .engine(let name): "--engine \(name)"
            case .preset(let name): "--preset \(name)"
            }
        }

        /// The file with this stack written in: the edit the options made.
        func writtenIn(_ tree: JSON5Value) -> JSON5Value {
            switch self {
            case .engine(let name):
                var document = tree.setting("engine", to: .string(name)).setting("preset", to: nil)
                let own = EngineCatalog.entry(named: name)?.settingsKey
                for key in EngineCatalog.settingsKeys where key != own { document = document.setting(key, to: nil) }
                return document
            case .preset(let name):
                var document = tree.setting("preset", to: .string(name))
                for key in ["engine", "topology", "hubRunsAppCode"] + EngineCatalog.settingsKeys { document = document.setting(key, to: nil) }
                return document
            }
        }
    }

    static let changes: [Change] = EngineCatalog.allNames.map(Change.engine) + PresetCatalog.allNames.map(Change.preset)

    /// Every committed scenario, the stack tests' translations and a few
    /// files that name the hub or the server where another stack lacks it.
    static var files: [(name: String, data: Data)] {
        let root = ScenarioFileTesting.packageRoot
        let folders = ["Scenarios", "Scenarios/stacks/cksyncengine", "Scenarios/stacks/sqlitedata", "Examples/CustomStrategy/Scenarios"]
        let committed = folders.flatMap { folder in
            let url = root.appendingPathComponent(folder)
            return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".json5") }.sorted()
                .map { ("\(folder)/\($0)", (try? Data(contentsOf: url.appendingPathComponent($0))) ?? Data()) }
        }
        return committed + namingTheStackEndpoint.map { ($0.name, Data($0.text.utf8)) }
    }

    static let create = #"create: { entity: "User", fields: { email: "a@x" } }"#
    static let namingTheStackEndpoint: [(name: String, text: String)] = [
        ("server in a link", #"{ name: "s", engine: "cloudkit", network: { links: [{ from: "server", to: "r1", drop: 0.5 }] } }"#),
        ("server in a cut", #"{ name: "s", engine: "cloudkit", steps: [{ at: "0s", on: "r1", \#(create) }, { at: "1s", cut: { from: ["r2", "server"], to: "r1" } }] }"#),
        ("server in an expectation", #"""
            { name: "s", engine: "cloudkit", steps: [{ at: "0s", on: "r1", \#(create) }],
              expect: [{ strategy: "lww", record: { entity: "User", key: { email: "a@x" } }, field: "email", on: ["r1", "server"], equals: "a@x" }] }
            """#),
        ("hub clock", #"{ name: "h", preset: "ownserver", clocks: { hub: { skew: "5ms" } } }"#),
        ("hub partition", #"{ name: "h", topology: "hub", hubRunsAppCode: true, steps: [{ at: "0s", partition: [["hub"], ["r1"]] }, { at: "1s", heal: true }] }"#),
        ("each", #"{ name: "e", engine: "cloudkit", steps: [{ at: "0s", on: "all", \#(create) }, { at: "1s", partition: "each" }, { at: "2s", heal: true }] }"#),
        ("variant", #"{ name: "v", preset: "nspckc", expect: [{ strategy: "lww", metric: "duplicates.final", max: 5, variant: "importFirst" }] }"#),
        ("excluded", #"{ name: "x", strategies: ["lww", "crdt"], expect: [{ strategy: "crdt", metric: "duplicates.final", max: 5 }] }"#),
        ("own settings", #"{ name: "o", preset: "sqlitedata", cloudkit: { pendingColumnRule: "localWins" } }"#),
    ]

    /// What a document means, as text: its scenario, strategies and
    /// expectations. Steps and links hold dictionaries, whose order `dump`
    /// shows but which mean nothing: steps are compared by value (their
    /// hash), links sorted.
    static func meaning(_ document: ScenarioDocument) -> String {
        var scenario = document.scenario
        let links = scenario.links.sorted { ($0.key.from.index, $0.key.to.index) < ($1.key.from.index, $1.key.to.index) }
        let steps = scenario.steps
        let places = scenario.stepFileOrder
        scenario.links = [:]
        scenario.steps = []
        var hasher = Hasher()
        hasher.combine(steps)
        var text = "steps \(steps.count), hash \(hasher.finalize()), places \(String(describing: places))\n"
        dump(scenario, to: &text)
        dump(links.map { "\($0.key.from.index)->\($0.key.to.index): \($0.value)" }, to: &text)
        dump(document.strategyNames, to: &text)
        dump(document.allExpectations, to: &text)
        return text
    }

    static func outcome(_ read: () throws(ScenarioFileError) -> ScenarioDocument) -> String {
        do { return meaning(try read()) } catch { return "error: \(error)" }
    }

    /// The first line where `moved` and `expected` differ, each side shown.
    static func firstDifference(_ moved: String, _ expected: String) -> String {
        let left = moved.split(separator: "\n", omittingEmptySubsequences: false)
        let right = expected.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = left.indices.first(where: { $0 >= right.count || left[$0] != right[$0] }) ?? (left.count == right.count ? nil : left.count) else { return "" }
        let context = { (lines: [Substring]) in lines[max(0, line - 2) ..< min(lines.count, line + 2)].joined(separator: " / ") }
        return "line \(line): moved «\(context(left))» written «\(context(right))»"
    }

    @Test(arguments: changes)
    func movingAReadScenarioMeansWhatWritingTheStackInMeant(change: Change) throws {
        var compared = 0
        for file in Self.files {
            guard let tree = try? JSON5Value.document(file.data),
                  (try? ScenarioFile.parse(file.data, file: "t.json5", seed: nil, overrides: [])) != nil else { continue }
            let written = Data(change.writtenIn(tree).rendered().utf8)
            let expected = Self.outcome { () throws(ScenarioFileError) in try ScenarioFile.parse(written, file: "t.json5", seed: nil, overrides: []) }
            let moved = Self.outcome { () throws(ScenarioFileError) in
                switch change {
                case .engine(let name): try ScenarioFile.parse(file.data, file: "t.json5", seed: nil, overrides: [], engine: name)
                case .preset(let name): try ScenarioFile.parse(file.data, file: "t.json5", seed: nil, overrides: [], preset: name)
                }
            }
            if moved != expected { Issue.record("\(file.name) \(change): \(Self.firstDifference(moved, expected))") }
            compared += 1
        }
        #expect(compared >= 45)
    }
}
