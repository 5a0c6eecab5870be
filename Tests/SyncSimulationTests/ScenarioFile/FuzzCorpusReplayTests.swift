import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// Replays the fuzzer's committed inputs (`Fuzz/Corpus`, see
/// `Fuzz/README.md`) through the scenario parser, as `simulate run FILE`
/// reads a file. None may trap (a trap ends the test run, which is the
/// failure); each is parsed, or refused with a ``ScenarioFileError`` that
/// names the file. The crashers the fuzzer found, minimised, must be
/// refused: each was a file that trapped, and the fix is a clear error.
@Suite struct FuzzCorpusReplayTests {
    /// The package root (``PackageRoot``).
    static var packageRoot: URL { PackageRoot.url }

    /// The files of `Fuzz/Corpus/<folder>`, as paths from the package root
    /// (what errors name), sorted; dot files left out.
    static func corpusFiles(_ folder: String) -> [String] {
        let path = "Fuzz/Corpus/\(folder)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(path).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
    }

    /// The file's document, or the error it was refused with.
    static func parse(_ path: String) throws -> Result<ScenarioDocument, ScenarioFileError> {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent(path))
        do {
            return .success(try ScenarioFile.parse(data, file: path, seed: nil, overrides: []))
        } catch {
            return .failure(error)
        }
    }

    @Test func everyCorpusInputIsParsedOrRefusedNamingTheFile() throws {
        let paths = Self.corpusFiles("ScenarioParser") + Self.corpusFiles("Expectations") + Self.corpusFiles("Crashers")
        // Fewer would mean the corpus was not found, and nothing was replayed.
        #expect(paths.count >= 60, "found only \(paths.count) corpus files under \(Self.packageRoot.path)/Fuzz/Corpus")
        for path in paths {
            if case .failure(let error) = try Self.parse(path) {
                #expect(error.description.hasPrefix("\(path): "), "a refusal that does not start with the file's name: \(error)")
                #expect(!error.message.isEmpty, "\(path): refused with an empty message")
            }
        }
    }

    /// The copies of `Scenarios/` in the parser's corpus are real scenarios:
    /// if one stops parsing, the format changed and the copy (and the
    /// mutations the fuzzer grew from it) should be refreshed.
    @Test func scenarioCopiesInTheCorpusParse() throws {
        let scenarioNames = Set((try? FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appendingPathComponent("Scenarios").path)) ?? [])
        let copies = Self.corpusFiles("ScenarioParser").filter { scenarioNames.contains(($0 as NSString).lastPathComponent) }
        #expect(copies.count >= 20, "found only \(copies.count) copies of Scenarios/ files in Fuzz/Corpus/ScenarioParser")
        for path in copies {
            if case .failure(let error) = try Self.parse(path) {
                Issue.record("a copy of a committed scenario is refused: \(error)")
            }
        }
    }

    /// Every minimised crasher trapped once; now it must be a clear error.
    @Test func crashersAreRefused() throws {
        let crashers = Self.corpusFiles("Crashers")
        #expect(!crashers.isEmpty, "no crashers under Fuzz/Corpus/Crashers")
        for path in crashers {
            switch try Self.parse(path) {
            case .success(let document):
                Issue.record("\(path) parsed (scenario '\(document.scenario.name)'); a crasher must be refused with an error")
            case .failure(let error):
                #expect(error.description.hasPrefix("\(path): "), "\(error)")
            }
        }
    }
}
