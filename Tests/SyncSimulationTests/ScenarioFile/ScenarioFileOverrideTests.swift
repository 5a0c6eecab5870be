import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// `--vary PATH=VALUE` (and a sweep's points): a value set at a path of the
/// document before it is read, read as the file's own literal would be,
/// and a fault in it blamed on the command line.
struct ScenarioFileOverrideTests {
    typealias T = ScenarioFileTesting

    @Test func overridesSetTheValueAtThePath() throws {
        let data = try #require(FileManager.default.contents(atPath: T.scenariosFolder.appendingPathComponent("lww-granularity.json5").path))
        let document = try ScenarioFile.parse(data, file: "f.json5", seed: 1,
                                              overrides: [("network.drop", "0.3"), ("sync.fanout", "2"), ("steps[1].at", "600ms")])
        #expect(document.scenario.network.dropProbability == Probability(0.3))
        #expect(document.scenario.sync.fanout == 2)
        let bad = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: [("steps[99].at", "1s")])
        }
        #expect(bad?.description == "--vary steps[99].at: the document has no such place to set")
        let typo = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: [("network.dorp", "0.1")])
        }
        #expect(typo?.description == "--vary network.dorp: unknown key 'dorp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?")
    }

    /// A fault in what `--vary` wrote is the command line's: a key the file
    /// does not have and may not (a typo), or the value. A fault the file
    /// had anyway still names the file.
    @Test func anOverridesFaultBlamesTheCommandLine() throws {
        let data = Data(#"{ name: "x", replicas: 2 }"#.utf8)
        func failure(_ overrides: [(path: String, value: String)], _ data: Data = data) -> ScenarioFileError? {
            #expect(throws: ScenarioFileError.self) { try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: overrides) }
        }
        // The file has no `network`: `netwrk` is refused with the top level's keys.
        let top = failure([("netwrk.drop", "0.1")])
        #expect(top?.argument == "--vary netwrk.drop")
        #expect(top?.file == "f.json5")
        #expect(top?.path == "netwrk")
        #expect(top?.description.hasPrefix("--vary netwrk.drop: unknown key 'netwrk'; allowed: name, description, replicas,") == true)
        #expect(top?.description.hasSuffix("; did you mean 'network'?") == true)
        // `network` may be added; `drp` in it may not.
        #expect(failure([("network.drp", "0.1")])?.description
            == "--vary network.drp: unknown key 'drp'; allowed: drop, duplicate, reorder, delay, links; did you mean 'drop'?")
        #expect(failure([("network.drop", "2")])?.description == "--vary network.drop: expected a probability from 0 to 1, found 2")
        #expect(failure([("replicas", "0")])?.description == "--vary replicas: expected a whole number from 1 to 500, found 0")
        #expect(failure([("network..drop", "0")])?.description == "--vary network..drop: not a path such as network.drop or steps[1].import.count")
        #expect(failure([("engine", "peeer")])?.description == "--vary engine: cannot run under engine 'peeer'; engines: peer, cloudkit; did you mean peer?")
        // The second override is at fault, not the first.
        #expect(failure([("network.drop", "0.1"), ("sync.evry", "1s")])?.argument == "--vary sync.evry")
        // The file's own fault, elsewhere: the file is named.
        let broken = Data(#"{ name: "x", sync: { evry: "1s" } }"#.utf8)
        let own = failure([("network.drop", "0.1")], broken)
        #expect(own?.argument == nil)
        #expect(own?.description == "f.json5: sync.evry: unknown key 'evry'; allowed: every, jitter, fanout; did you mean 'every'?")
    }

    /// A number on the command line reads as the same literal in the file
    /// does: `replicas=2.0` is 2, as `replicas: 2.0` is; 2.5 is no count.
    @Test func anOverrideNumberReadsAsTheFilesLiteral() throws {
        let data = Data(#"{ name: "x", replicas: 3 }"#.utf8)
        let file = try ScenarioFile.parse(Data(#"{ name: "x", replicas: 2.0 }"#.utf8), file: "f.json5")
        let argument = try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: [("replicas", "2.0")])
        #expect(file.scenario.replicaCount == 2)
        #expect(argument.scenario.replicaCount == 2)
        let fraction = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(data, file: "f.json5", seed: 1, overrides: [("replicas", "2.5")])
        }
        #expect(fraction?.description == "--vary replicas: expected a number of replicas (1 to 500) or a list of names, found 2.5")
    }
}
