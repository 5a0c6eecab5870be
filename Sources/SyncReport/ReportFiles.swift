import Foundation
import SyncScenarioFile
import SyncSimulation

/// The files `--out DIR` writes, for a library user as for `simulate`: the
/// same names and the same bytes.
public enum ReportFiles {
    /// `report.md`, `report.json`, `report.csv` and `report.html`.
    public static func files(of report: Report) -> [String: String] {
        [
            "report.md": report.markdown(),
            "report.json": report.json().rendered(),
            "report.csv": report.csv(),
            "report.html": report.html(),
        ]
    }

    /// Writes `report`'s files into `directory`, creating it (and the
    /// folders above it) when missing: what `simulate run FILE --out DIR`
    /// writes for one scenario.
    public static func write(_ report: Report, to directory: String) throws(FileWriteError) {
        try write(files(of: report), to: directory)
    }

    /// Writes each file, by name, into `directory`, in name order; the
    /// error names the file or folder that could not be written, and why.
    public static func write(_ files: [String: String], to directory: String) throws(FileWriteError) {
        try FileOutput.createFolder(directory)
        for name in files.keys.sorted() {
            try FileOutput.write(files[name]!, toFile: (directory as NSString).appendingPathComponent(name))
        }
    }
}
