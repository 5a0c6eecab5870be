import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation

/// Writes report files under `--out DIR` through ``ReportFiles`` (the
/// library call a program of its own makes), exiting 2 when it cannot.
enum OutputFiles {
    static func write(_ report: Report, to directory: String) {
        write(ReportFiles.files(of: report), to: directory)
    }

    static func write(_ sweep: SweepResult, to directory: String) {
        write(ReportFiles.files(of: sweep), to: directory)
    }

    /// `--junit FILE`: the JUnit XML that `check`, `explore` and `lint` write.
    static func write(_ junit: JUnitReport, toFile path: String) {
        do {
            try Data(junit.xml().utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            exitWithUsageError("--junit: cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func write(_ files: [String: String], to directory: String) {
        do {
            try ReportFiles.write(files, to: directory)
        } catch {
            exitWithUsageError("cannot write to \(directory): \(error.localizedDescription)")
        }
    }
}
