import Foundation
import Testing
import TestSupport

/// `simulate check` in CI (issue 28): `--filter`, `--fail-fast`, files in
/// subfolders, and two files of one scenario name refused.
struct CheckSelectionTests {
    static let scenarios = PackageRoot.path("Scenarios")

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-selection-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    static func scenario(_ name: String, expect equals: Int) -> String {
        """
        { name: "\(name)", replicas: 2, strategies: ["lww"],
          steps: [{ at: "0s", on: "all", create: { entity: "User", fields: { email: "a@example.com" } } }],
          expect: [{ strategy: "lww", metric: "duplicates.final", equals: \(equals) }] }
        """
    }

    /// The stacks' translated tests live in subfolders; `--filter stacks/`
    /// checks those only.
    @Test func filterSelectsByPathAndSubfoldersAreSearched() async throws {
        let output = try await SimulateProcess.run(["check", Self.scenarios, "--filter", "stacks/sqlitedata/"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = Self.lines(output.stdout)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS  ") })
        let names = Set(lines.dropLast().map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] })
        #expect(names.count == 20, "\(names)")
    }

    @Test func filterSelectsByScenarioNameAndRefusesAFilterThatMatchesNothing() async throws {
        let folder = try Self.folder(["a.json5": Self.scenario("alpha-case", expect: 1), "b.json5": Self.scenario("beta-case", expect: 1)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let beta = try await SimulateProcess.run(["check", folder, "--filter", "beta"])
        #expect(beta.status == 0)
        #expect(Self.lines(beta.stdout).first?.hasPrefix("PASS  beta-case  lww") == true)
        #expect(Self.lines(beta.stdout).last == "1 passed, 0 failed")
        let none = try await SimulateProcess.run(["check", folder, "--filter", "gamma", "--quiet"])
        #expect(none.status == 2)
        #expect(none.stderr == "simulate: --filter gamma: no scenario file's path or name contains it (of 2 files)\n")
    }

    @Test func failFastStopsAfterTheFirstFailingFile() async throws {
        let folder = try Self.folder(["1.json5": Self.scenario("first", expect: 5), "2.json5": Self.scenario("second", expect: 1)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let all = try await SimulateProcess.run(["check", folder])
        #expect(all.status == 1)
        #expect(Self.lines(all.stdout).last == "1 passed, 1 failed")
        let fast = try await SimulateProcess.run(["check", folder, "--fail-fast"])
        #expect(fast.status == 1)
        #expect(Self.lines(fast.stdout).last == "0 passed, 1 failed")
        #expect(!fast.stdout.contains("second"))
    }

    @Test func twoFilesOfOneScenarioNameAreRefused() async throws {
        let folder = try Self.folder(["a.json5": Self.scenario("same", expect: 1), "b.json5": Self.scenario("same", expect: 1)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try await SimulateProcess.run(["check", folder, "--quiet"])
        #expect(check.status == 2)
        #expect(check.stdout == "")
        #expect(check.stderr == "simulate: \(folder)/a.json5 and \(folder)/b.json5 are both the scenario 'same': their check lines and "
            + "--out folders would be the same; rename one (name: in the file)\n")
        let run = try await SimulateProcess.run(["run", folder + "/a.json5", folder + "/b.json5"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("are both the scenario 'same'"))
    }

    /// The binary checks invariants only when asked; the tests ask through
    /// the environment (SimulateProcess sets it), a user with the flag.
    @Test func invariantsAreCheckedWhenAskedOnly() async throws {
        let asked = try await SimulateProcess.run(["--replicas", "2", "--strategies", "lww", "--format", "json", "--no-timing"])
        let notAsked = try await SimulateProcess.run(["--replicas", "2", "--strategies", "lww", "--format", "json", "--no-timing"],
                                                     unsetting: ["SIMULATE_CHECK_INVARIANTS"], environment: ["SIMULATE_CHECK_INVARIANTS": "0"])
        let flag = try await SimulateProcess.run(["--replicas", "2", "--strategies", "lww", "--format", "json", "--no-timing", "--check-invariants"],
                                                 environment: ["SIMULATE_CHECK_INVARIANTS": "0"])
        func checks(_ text: String) throws -> Int? {
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let reports = document?["reports"] as? [[String: Any]]
            let result = (reports?.first?["results"] as? [[String: Any]])?.first
            return (result?["cost"] as? [String: Any])?["invariantChecks"] as? Int
        }
        #expect(try checks(asked.stdout).map { $0 > 0 } == true)
        #expect(try checks(notAsked.stdout) == nil)
        #expect(try checks(flag.stdout).map { $0 > 0 } == true)
    }
}
