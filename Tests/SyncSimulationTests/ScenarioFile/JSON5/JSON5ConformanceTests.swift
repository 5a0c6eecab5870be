import Foundation
@testable import SyncScenarioFile
import Testing

/// The official JSON5 test cases (github.com/json5/json5-tests) run
/// through the project's parser, from a checkout named by
/// `JSON5_TESTS_DIR`; skipped when it is unset. `scripts/json5-conformance
/// DIR` runs it and prints the counts. None of the suite's files is
/// committed: JSON5SpecTests holds the project's own cases for every
/// construct it exercises.
///
/// The suite's README says what each extension means: `.json` and
/// `.json5` must parse; `.js` (valid ES5 that JSON5 leaves out, such as
/// `010`) and `.txt` (invalid ES5) must not.
struct JSON5ConformanceTests {
    static var directory: String? { ProcessInfo.processInfo.environment["JSON5_TESTS_DIR"] }

    /// What a case's extension says the parser must do.
    enum Kind: String, CaseIterable {
        case json, json5, js, txt

        var mustParse: Bool { self == .json || self == .json5 }
    }

    /// Every case file under `root`, by path relative to it, sorted.
    static func cases(under root: String) -> [(path: String, kind: Kind)] {
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.sorted().compactMap { path in
            guard !path.hasPrefix("."), !path.contains("/."), let kind = Kind(rawValue: (path as NSString).pathExtension) else { return nil }
            return (path, kind)
        }
    }

    /// nil when the bytes parse, else why not.
    static func failure(_ data: Data) -> String? {
        do {
            _ = try JSON5Value.parse(try UTF8Text.decode(data))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(.enabled(if: directory != nil, "set JSON5_TESTS_DIR to a checkout of json5-tests"))
    func everyCaseOfTheOfficialSuite() throws {
        let root = try #require(Self.directory)
        let cases = Self.cases(under: root)
        #expect(cases.count > 100, "\(root) holds \(cases.count) cases: not a checkout of json5-tests?")
        var counts: [Kind: (passed: Int, failed: Int)] = [:]
        for (path, kind) in cases {
            let data = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(path))
            let failure = Self.failure(data)
            let passed = (failure == nil) == kind.mustParse
            counts[kind, default: (0, 0)].passed += passed ? 1 : 0
            counts[kind, default: (0, 0)].failed += passed ? 0 : 1
            let expected = kind.mustParse ? "must parse" : "must fail"
            print("json5-conformance: \(passed ? "PASS" : "FAIL") \(path) (\(expected))\(failure.map { ": \($0)" } ?? "")")
            #expect(passed, "\(path) \(expected): \(failure ?? "parsed")")
        }
        for kind in Kind.allCases {
            let count = counts[kind, default: (0, 0)]
            print("json5-conformance: .\(kind.rawValue) (\(kind.mustParse ? "must parse" : "must fail")): \(count.passed) passed, \(count.failed) failed")
        }
        let passed = counts.values.reduce(0) { $0 + $1.passed }
        print("json5-conformance: all: \(passed) passed, \(cases.count - passed) failed")
    }
}
