import Foundation
import SyncSim

/// One libFuzzer input: a scenario file taken down the whole `simulate run`
/// / `simulate check` path. It is parsed; a file the parser refuses is
/// reported as `check` reports a broken file. A file that parses and is
/// small enough to run in tens of milliseconds (``RunBudget``) is run under one or
/// two of its strategies, its expectations are checked, and every output
/// of the report and of the check is rendered: table, Markdown, CSV, JSON,
/// HTML, expectation lines, check lines, GitHub annotations, JUnit XML.
///
/// With `SYNCSIM_FUZZ_STRICT=1` the JSON documents are also read back with
/// `JSONSerialization`, which refuses what is not JSON (a NaN, say). With
/// `SYNCSIM_FUZZ_VERBOSE=1` it prints whether each input ran.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpectations(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    // Bytes that are not UTF-8 stop at the parser, which FuzzScenarioParser
    // covers; here they would only find its bugs again.
    guard String(validating: data, as: UTF8.self) != nil else { return -1 }
    let file = "fuzz.json5"
    let document: ScenarioDocument
    do {
        document = try ScenarioFile.parse(data, file: file, seed: nil, overrides: [])
    } catch {
        FuzzRender.check(CheckFile(path: file, outcome: .broken(error)))
        return 0
    }
    // -1 keeps an input that would run too long out of the corpus.
    guard FuzzRender.unbudgeted || RunBudget.allows(document.scenario) else {
        FuzzRender.say("skipped: \(document.scenario.name) is over the run budget (\(RunBudget.describe(document.scenario)))")
        return -1
    }
    FuzzRender.say("running: \(document.scenario.name) (\(RunBudget.describe(document.scenario)))")

    let strategies = FuzzStrategies.chosen(for: document, input: data).map { StrategyCatalog.strategy(named: $0)! }
    let results: [RunResult]
    do {
        results = try Comparison.run(scenario: document.scenario, strategies: strategies, seed: document.seed, store: .memory,
                                     checksInvariants: true)
    } catch {
        // `simulate` exits 3 on this: the simulator's own state broke.
        preconditionFailure("\(error)")
    }
    var report = Report(scenario: document.scenario, seed: document.seed, results: results, includesTiming: false,
                        file: document.file, expectations: ExpectationOutcome.check(document.expectations, against: results))
    FuzzRender.report(report)

    // As `simulate check` does it: one case per expectation and strategy,
    // each at its line in the file.
    let text = String(decoding: data, as: UTF8.self)
    let lines = ExpectationLocator.lines(of: document.expectations, in: text)
    FuzzRender.check(CheckFile.checked(report, expectations: document.expectations, lines: lines))
    return 0
}

/// Which strategies an input runs: at most two of those `simulate check`
/// would run (the ones its expectations name, else every one the file
/// lists). The first, and one picked by a hash of the input, so that
/// mutations reach every strategy while each input stays deterministic.
enum FuzzStrategies {
    static func chosen(for document: ScenarioDocument, input: Data) -> [String] {
        let named = document.strategyNames.filter { name in document.expectations.contains { $0.applies(to: name) } }
        let candidates = named.isEmpty ? document.strategyNames : named
        guard let first = candidates.first else { return [] }
        // FNV-1a: stable across runs and Swift versions, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let second = candidates[Int(hash % UInt64(candidates.count))]
        return second == first ? [first] : [first, second]
    }
}

/// Every text `simulate` renders from a report or a check result. The
/// sizes are summed and checked so that a release build cannot drop a
/// render whose result is unused.
enum FuzzRender {
    static let strict = ProcessInfo.processInfo.environment["SYNCSIM_FUZZ_STRICT"] == "1"
    static let verbose = ProcessInfo.processInfo.environment["SYNCSIM_FUZZ_VERBOSE"] == "1"
    /// Runs every input that parses, for measuring what the budget costs.
    static let unbudgeted = ProcessInfo.processInfo.environment["SYNCSIM_FUZZ_NO_BUDGET"] == "1"

    /// To stderr, unbuffered: a sanitizer's exit would lose buffered stdout.
    static func say(_ line: @autoclosure () -> String) {
        guard verbose else { return }
        FileHandle.standardError.write(Data((line() + "\n").utf8))
    }

    static func report(_ report: Report) {
        var size = report.table().utf8.count + report.markdown().utf8.count + report.csv().utf8.count + report.html().utf8.count
        size += ExpectationText.lines(report.expectations.map { (scenario: report.scenario.name, outcome: $0) }).count
        size += report.replayCommand.utf8.count
        _ = ExitStatus.of([report])
        let json = Report.document([report]).rendered()
        size += json.utf8.count
        precondition(size > 0)
        if strict { requireJSON(json, "Report.document") }
    }

    static func check(_ file: CheckFile) {
        let result = CheckResult(files: [file])
        var size = file.textLines().joined().utf8.count + file.githubAnnotations().joined().utf8.count
        size += result.summaryLine.utf8.count + JUnitReport(check: result, includesTiming: true).xml().utf8.count
        for checkCase in file.cases { size += checkCase.failureMessage.utf8.count + checkCase.measured.utf8.count }
        _ = result.exitStatus
        let json = result.json().rendered()
        size += json.utf8.count
        precondition(size > 0)
        if strict { requireJSON(json, "CheckResult.json") }
    }

    private static func requireJSON(_ text: String, _ what: String) {
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        precondition(parsed != nil, "\(what) rendered text that is not JSON")
    }
}
