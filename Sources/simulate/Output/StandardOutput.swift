#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SyncReport
import SyncSimulation

/// Standard output, for every command: what they print goes through
/// ``write(_:)`` and every exit through ``exit(_:)``, so that no report is
/// lost in silence (issue 41). Before, `print` buffered and the failed
/// flush at exit was ignored (exit 0 with `> /dev/full`), and
/// `FileHandle.write` trapped (exit 132) on Linux (observed in Swift
/// 6.3.1: "Foundation/FileHandle.swift:709: Fatal error: 'try!'
/// expression unexpectedly raised an error").
///
/// Each write goes to file descriptor 1 at once, unbuffered, so that a
/// failure is seen with its own error number. After one fails, the
/// command goes on without printing (its `--out` and `--junit` files may
/// still be written), and ``exit(_:)`` says so in one line and exits 4.
///
/// A reader that went away (`simulate help | head -1`) is not a lost
/// report: simulate ends as `cat` does, by SIGPIPE, without a message (a
/// shell shows 141): a write to a pipe no one reads raises it (POSIX
/// write(2), documented). With SIGPIPE ignored (a parent may pass that
/// on), the write fails with EPIPE instead, and simulate raises SIGPIPE
/// itself, so that it ends the same way.
enum StandardOutput {
    /// The error number of the first write that failed.
    private static let failure = LockedBox<Int32?>(nil)

    /// Writes `text` as it is.
    static func write(_ text: String) {
        guard failure.withLock({ $0 == nil }) else { return }
        var text = text
        guard let code = text.withUTF8({ FileOutput.writeAll($0, to: STDOUT_FILENO) }) else { return }
        if code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        failure.withLock { $0 = $0 ?? code }
    }

    /// Writes `line` and a newline.
    static func writeLine(_ line: String) {
        write(line + "\n")
    }

    /// Ends the command with `status`, or with 4 (``ExitStatus/outputFailed``)
    /// and one line on stderr when standard output could not be written:
    /// `simulate: cannot write standard output: No space left on device`.
    /// A bad input (2) or a broken invariant (3) keeps its status, its own
    /// line said first what went wrong.
    static func exit(_ status: Int32) -> Never {
        // Whatever went through C's stdio (Swift's `print`, which no command
        // uses) is flushed here, so that its failure is seen too.
        if fflush(nil) != 0 {
            let code = errno
            failure.withLock { $0 = $0 ?? code }
        }
        guard let code = failure.withLock({ $0 }) else { terminate(status) }
        StandardError.report("cannot write standard output: \(FileOutput.reason(code))")
        let kept = [ExitStatus.badInput, .invariantBroken].map(\.rawValue)
        terminate(kept.contains(status) ? status : ExitStatus.outputFailed.rawValue)
    }
}

/// exit(3), by a name of its own: inside ``StandardOutput`` the plain name
/// would find the type's own `exit`.
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
