import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// `simulate check FILE|DIR...`: runs each file's expectations under the
/// strategies they name, and prints a line each (or one JSON document),
/// with JUnit XML and GitHub annotations when asked. A file that cannot be
/// parsed is reported and the others still run.
enum CheckCommand {
    static func check(_ options: CheckOptions) -> Never {
        let progress = Progress(for: .check, quiet: options.quiet)
        let paths: [String]
        do {
            paths = try ScenarioFile.expand(options.paths)
        } catch {
            // No file to report on: a path that does not exist is a usage error.
            exitWithUsageError(error.description)
        }
        let selected = select(paths, options: options)
        let annotates = GitHubAnnotation.isEnabled(environment: ProcessInfo.processInfo.environment)
        let streams = options.format == .table
        var result = CheckResult()
        for path in selected {
            let file = checkFile(path, options: options, progress: progress)
            result.files.append(file)
            if streams {
                // Printed file by file, so that a long check shows where it is.
                for line in file.textLines() { StandardOutput.writeLine(line) }
                if annotates { for line in file.githubAnnotations() { StandardOutput.writeLine(line) } }
            }
            if options.failFast && (file.isBroken || file.cases.contains { !$0.passed }) { break }
        }
        if streams {
            StandardOutput.writeLine(result.summaryLine)
        } else {
            StandardOutput.write(result.json().rendered())
            // Stdout holds one JSON document, so the annotations go to
            // stderr: the Actions runner reads workflow commands from both.
            if annotates {
                let lines = result.files.flatMap { $0.githubAnnotations() }
                StandardError.write(lines.map { $0 + "\n" }.joined())
            }
        }
        if let junitPath = options.junitPath { OutputFiles.write(JUnitReport(check: result, includesTiming: options.includesTiming), toFile: junitPath) }
        StandardOutput.exit(result.exitStatus.rawValue)
    }

    /// The files to check: those `--filter` selects (by path, or by the
    /// scenario name of a file that parses), in order. Exits 2 when none is
    /// selected, or when two selected files have one scenario name: their
    /// lines, JUnit cases and `--out` folders would be the same.
    static func select(_ paths: [String], options: CheckOptions) -> [String] {
        var selected: [String] = []
        var names: [String: String] = [:]
        for path in paths {
            // Only the name is needed here: a file too large is not expanded (``checkFile`` refuses it).
            let sizeCheck = ScenarioSizeCheck(limits: options.limits.runLimits, overBudget: .skipKeyPasses)
            let name = try? ScenarioFile.load(path, seed: options.seed, overrides: options.stack.overrides, engine: options.stack.engine, preset: options.stack.preset,
                                              sizeCheck: sizeCheck).scenario.name
            if let filter = options.filter, !path.contains(filter), !(name?.contains(filter) ?? false) { continue }
            if let name {
                if let first = names[name] {
                    exitWithUsageError("\(first) and \(path) are both the scenario '\(Echo.text(name))': their check lines and --out folders "
                        + "would be the same; rename one (name: in the file)")
                }
                names[name] = path
            }
            selected.append(path)
        }
        if selected.isEmpty, let filter = options.filter {
            exitWithUsageError("--filter \(filter): no scenario file's path or name contains it (of \(paths.count) files)")
        }
        return selected
    }

    /// One file's part: broken when it cannot be parsed (or its stack
    /// cannot run under `--preset`), otherwise run and checked.
    static func checkFile(_ path: String, options: CheckOptions, progress: Progress) -> CheckFile {
        let document: ScenarioDocument
        do {
            document = try ScenarioFile.load(path, seed: options.seed, overrides: options.stack.overrides, engine: options.stack.engine, preset: options.stack.preset,
                                             sizeCheck: ScenarioSizeCheck(limits: options.limits.runLimits))
        } catch {
            return CheckFile(path: path, outcome: .broken(error))
        }
        // Only the strategies the expectations name are run.
        let expectations = document.allExpectations
        let needed = expectations.contains { $0.strategy == "*" }
            ? document.strategyNames
            : document.strategyNames.filter { name in expectations.contains { $0.strategy == name } }
        guard !needed.isEmpty else {
            return CheckFile(path: path, outcome: .noExpectations(scenario: document.scenario.name))
        }
        let strategies = needed.compactMap(StrategyCatalog.strategy(named:))
        if let refusal = options.limits.runLimits.refusal(document.scenario, strategies: strategies) {
            return CheckFile(path: path, outcome: .broken(ScenarioFileError(file: path, path: "", message: "too large: " + refusal)))
        }
        var scenario = document.scenario
        options.limits.runLimits.apply(to: &scenario)
        let report = Commands.compare(scenario: scenario, seed: document.seed, strategyNames: needed, includesTiming: false,
                                      store: options.store, checksInvariants: options.checksInvariants, file: document.file,
                                      stack: options.stack.replay, expectations: document.expectations,
                                      valueExpectations: document.valueExpectations, progress: progress)
        if let out = options.out { OutputFiles.write(report, to: (out as NSString).appendingPathComponent(document.scenario.name)) }
        // The file was just parsed, so it can be read; if it somehow cannot,
        // every expectation falls back to line 1.
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return CheckFile.checked(report, expectations: expectations,
                                 lines: ExpectationLocator.lines(of: expectations, in: text))
    }
}
