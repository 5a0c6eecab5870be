#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SyncReport

/// Standard error, for errors and the lines that must stay off standard
/// output. A failed write is ignored: there is nowhere left to say it,
/// and the exit status still does (`FileHandle.write`, used before, trapped).
enum StandardError {
    /// Writes `text` as it is.
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { FileOutput.writeAll($0, to: STDERR_FILENO) }
    }

    /// `simulate: MESSAGE` and a newline: an error's one line.
    static func report(_ message: String) {
        write("simulate: \(message)\n")
    }
}
