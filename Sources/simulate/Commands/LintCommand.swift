import Foundation
import SyncLint
import SyncReport

/// `simulate lint MODEL... [--format text|json|sarif] [--write-schema FILE]`:
/// prints every model's findings and summary (or one JSON or SARIF
/// document), writes the schema when asked, and exits 1 when a model would
/// fail to load with CloudKit, 0 when all would load, 2 for bad input.
enum LintCommand {
    static func lint(_ options: LintCommandOptions) -> Never {
        var reports: [LintReport] = []
        for path in options.paths {
            do {
                reports += try ModelLint.lintAll(path, options: options.lint)
            } catch {
                exitWithUsageError("lint: \(error)")
            }
        }
        let result = LintResult(reports: reports)
        if options.schemaOut != nil && reports.count != 1 {
            exitWithUsageError("lint: --write-schema writes one model, and \(reports.count) were found: "
                + reports.map(\.path).joined(separator: ", ") + "; give the one to write")
        }
        // The keys are checked before anything is printed: a bad --key is bad input.
        var keys: SchemaKeys?
        if options.schemaOut != nil {
            do { keys = try SchemaKeys(model: reports[0].model, arguments: options.schemaKeys) } catch { exitWithUsageError("lint: \(error)") }
        }
        let annotates = options.format == .text && GitHubAnnotation.isEnabled(environment: ProcessInfo.processInfo.environment)
        StandardOutput.write(result.rendered(options.format, annotates: annotates))
        if let schemaOut = options.schemaOut, let keys {
            let report = reports[0]
            let text = ScenarioSchemaWriter.text(for: report.model, source: report.path, keys: keys)
            OutputFiles.write(text, toFile: schemaOut)
            let line = "schema: wrote \(schemaOut) (\(report.model.entities.filter(\.isSynced).count) entities); run it with: simulate run \(schemaOut)\n"
                + (keys.advice.map { $0 + "\n" } ?? "")
            // Stdout holds one document in JSON and SARIF, so the lines go to stderr there.
            if options.format == .text { StandardOutput.write(line) } else { StandardError.write(line) }
        }
        if let junitPath = options.junitPath { OutputFiles.write(JUnitReport(lint: result), toFile: junitPath) }
        StandardOutput.exit(result.exitStatus)
    }
}
