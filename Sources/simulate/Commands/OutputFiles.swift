import Foundation
import SyncExperiments
import SyncReport
import SyncSimulation

/// Writes the files a command was asked for (`--out DIR`, `--junit FILE`,
/// `--write-scenarios`, `--write-schema`) through ``ReportFiles`` and
/// ``FileOutput`` (the library calls a program of its own makes), ending
/// the command with status 4 (``ExitStatus/outputFailed``) and one line
/// naming the file and the reason when one cannot be written:
/// `simulate: cannot write out: it is a file, not a folder`.
enum OutputFiles {
    static func write(_ report: Report, to directory: String) {
        write(ReportFiles.files(of: report), to: directory)
    }

    static func write(_ sweep: SweepResult, to directory: String) {
        write(ReportFiles.files(of: sweep), to: directory)
    }

    /// `--junit FILE`: the JUnit XML that `check`, `explore` and `lint` write.
    static func write(_ junit: JUnitReport, toFile path: String) {
        write(junit.xml(), toFile: path)
    }

    /// One file, at `path`; its folder must exist.
    static func write(_ text: String, toFile path: String) {
        do { try FileOutput.write(text, toFile: path) } catch { fail(error) }
    }

    static func write(_ files: [String: String], to directory: String) {
        do { try ReportFiles.write(files, to: directory) } catch { fail(error) }
    }

    private static func fail(_ error: FileWriteError) -> Never {
        StandardError.report(error.description)
        StandardOutput.exit(ExitStatus.outputFailed.rawValue)
    }
}
