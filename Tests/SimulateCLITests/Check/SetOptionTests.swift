import Foundation
import Testing
import TestSupport

/// `check --set PATH=VALUE` and `run --set`: one setting of every file
/// changed before it is checked, as a sweep's `--vary` writes one point.
struct SetOptionTests {
    /// CKSyncEngine's re-upload after an unknownItem answer (stack-code.md
    /// K8): the renamed contact survives; `deleteWins` drops it.
    static let unknownItem = PackageRoot.path("Scenarios/stacks/cksyncengine/testSaveFailure_unknownItem.json5")

    @Test func checkFailsAnExpectationTheSettingBreaks() async throws {
        let plain = try await SimulateProcess.run(["check", Self.unknownItem, "--quiet"])
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        let set = try await SimulateProcess.run(["check", Self.unknownItem, "--set", "deleteVsEdit=deleteWins", "--quiet"])
        #expect(set.status == 1, "\(set.stdout)\(set.stderr)")
        let lines = set.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("FAIL  testSaveFailure_unknownItem  lww  lostWrites") && $0.hasSuffix("= 0                          2") },
                "\(set.stdout)")
        // The replay repeats the setting, or it would pass.
        #expect(lines.contains { $0.hasPrefix("      replay: simulate run ") && $0.contains(" --set deleteVsEdit=deleteWins") }, "\(set.stdout)")
        #expect(lines.last == "1 passed, 3 failed")
    }

    @Test func aBadPathOrValueIsRefusedNamingSetAndTheFile() async throws {
        let path = try await SimulateProcess.run(["check", Self.unknownItem, "--set", "cloudkit.conflct=fieldLWW", "--quiet"])
        #expect(path.status == 2)
        #expect(path.stdout.hasPrefix("ERROR  \(Self.unknownItem): --set cloudkit.conflct: unknown key 'conflct'; allowed: conflict,"), "\(path.stdout)")
        #expect(path.stdout.contains("did you mean 'conflict'?"))
        let value = try await SimulateProcess.run(["run", Self.unknownItem, "--set", "network.drop=2", "--quiet"])
        #expect(value.status == 2)
        #expect(value.stderr == "simulate: \(Self.unknownItem): --set network.drop: expected a probability from 0 to 1, found 2\n")
        let shape = try await SimulateProcess.run(["check", Self.unknownItem, "--set", "network.drop=0,0.1", "--quiet"])
        #expect(shape.status == 2)
        #expect(shape.stderr.hasPrefix("simulate: --set expects PATH=VALUE with one value"), "\(shape.stderr)")
        let twice = try await SimulateProcess.run(["check", Self.unknownItem, "--set", "network.drop=0", "--set", "network.drop=0.1"])
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("simulate: --set names 'network.drop' twice"), "\(twice.stderr)")
    }

    @Test func runChangesAFigure() async throws {
        let output = try await SimulateProcess.run(["run", Self.unknownItem, "--set", "deleteVsEdit=deleteWins", "--format", "json",
                                                    "--no-timing", "--quiet"])
        #expect(output.status == 1, "\(output.stderr)")
        let report = try SimulateProcess.parseReport(output.stdout)
        let parameters = try #require(report["parameters"] as? [String: Any])
        #expect(parameters["deleteVsEdit"] as? String == "deleteWins")
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.first?["lostWrites"] as? Int == 2)
    }

    /// `--set` after `--preset`, as a sweep's `--vary preset=… --vary
    /// cloudkit.conflict=…`: the preset's own settings are replaced, the
    /// one set stays.
    @Test func aSettingStaysOnThePresetChosen() async throws {
        let file = PackageRoot.path("Scenarios/offline-field-edits.json5")
        let output = try await SimulateProcess.run(["run", file, "--preset", "sqlitedata", "--set", "cloudkit.conflict=fieldLWW",
                                                    "--no-timing", "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("preset sqlitedata: cloudkit engine, conflict fieldLWW,"), "\(output.stdout)")
    }

    @Test func helpListsIt() async throws {
        for command in ["check", "run"] {
            let help = try await SimulateProcess.run([command, "--help"])
            #expect(help.stdout.contains("--set PATH=VALUE     change one setting of every file, as sweep's --vary does; repeat for several"),
                    "\(help.stdout)")
        }
    }
}
