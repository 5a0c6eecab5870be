import Foundation
import SyncReport
import SyncSimulation

/// Writes report files under `--out DIR`. Every byte comes from the report
/// libraries; this only creates folders and files.
enum OutputFiles {
    /// `report.md`, `report.json`, `report.csv` and `report.html` in `directory`.
    static func write(_ report: Report, to directory: String) {
        write([
            "report.md": report.markdown(),
            "report.json": report.json().rendered(),
            "report.csv": report.csv(),
            "report.html": report.html(),
        ], to: directory)
    }

    /// `sweep.csv`, `sweep.json`, `sweep.md` and `sweep.html` in `directory`.
    static func write(_ sweep: SweepResult, to directory: String) {
        write([
            "sweep.csv": sweep.csv(),
            "sweep.json": sweep.json().rendered(),
            "sweep.md": sweep.markdown(),
            "sweep.html": sweep.html(),
        ], to: directory)
    }

    static func write(_ files: [String: String], to directory: String) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in files.keys.sorted() {
                let path = (directory as NSString).appendingPathComponent(name)
                try Data(files[name]!.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            exitWithUsageError("cannot write to \(directory): \(error.localizedDescription)")
        }
    }
}
