import Foundation
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

    static func write(_ files: [String: String], to directory: String) {
        do {
            try ReportFiles.write(files, to: directory)
        } catch {
            exitWithUsageError("cannot write to \(directory): \(error.localizedDescription)")
        }
    }
}
