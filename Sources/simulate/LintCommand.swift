import Foundation
import SyncLint

/// `simulate lint MODEL [--write-schema FILE]`: prints the findings and the
/// summary, writes the schema when asked, and exits 1 when the model would
/// fail to load with CloudKit, 0 when it would load, 2 for bad input.
enum LintCommand {
    static func lint(_ options: CommandLineOptions) -> Never {
        let path = options.paths[0]
        let report: LintReport
        do {
            report = try ModelLint.lint(path)
        } catch {
            exitWithUsageError("lint: \(error)")
        }
        let keys: SchemaKeys
        do { keys = try SchemaKeys(model: report.model, arguments: options.schemaKeys) } catch { exitWithUsageError("lint: \(error)") }
        FileHandle.standardOutput.write(Data(report.text.utf8))
        if let schemaOut = options.schemaOut {
            let text = ScenarioSchemaWriter.text(for: report.model, source: path, keys: keys)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: schemaOut))
            } catch {
                exitWithUsageError("lint: --write-schema: cannot write \(schemaOut): \(error.localizedDescription)")
            }
            FileHandle.standardOutput.write(Data("schema: wrote \(schemaOut) (\(report.model.entities.filter(\.isSynced).count) entities); run it with: simulate run \(schemaOut)\n".utf8))
            if let advice = keys.advice { FileHandle.standardOutput.write(Data((advice + "\n").utf8)) }
        }
        exit(report.exitStatus)
    }
}
