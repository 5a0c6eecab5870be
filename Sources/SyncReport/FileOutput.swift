#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes files and folders with the system's calls, so that a failure
/// says why in the system's words (`No space left on device`, `Not a
/// directory`) rather than as Foundation's wrapped error, which on Linux
/// prints `NSCocoaErrorDomain error 512` (issue 41, observed with
/// swift-corelibs-foundation in Swift 6.3.1).
public enum FileOutput {
    /// Writes `text` to the file at `path`, creating it or replacing what
    /// it held. The file's folder must exist.
    public static func write(_ text: String, toFile path: String) throws(FileWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path, errno) }
        var text = text
        var code = text.withUTF8 { writeAll($0, to: descriptor) }
        // close reports a failed write some file systems (NFS) only see then.
        if close(descriptor) != 0, code == nil { code = errno }
        if let code { throw failure(path, code) }
    }

    /// Creates the folder at `path` and every folder above it that is
    /// missing. A file where a folder should be is named as such (with
    /// `--out report.txt`: `cannot write report.txt: it is a file, not a
    /// folder`), not as `mkdir`'s `Not a directory` on a path below it.
    public static func createFolder(_ path: String) throws(FileWriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw FileWriteError(path: path, code: nil, reason: "it is a file, not a folder") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        // EEXIST: made meanwhile by another process, or a dangling link
        // (the file written into it then names the failure).
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw failure(path, errno) }
    }

    /// Writes every byte to `descriptor`, again after a partial write or an
    /// interrupted call: nil when all were written, else the error number
    /// of the write that failed.
    public static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = systemWrite(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            left -= written
        }
        return nil
    }

    /// The system's words for error number `code` (`strerror`).
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func failure(_ path: String, _ code: Int32) -> FileWriteError {
        FileWriteError(path: path, code: code, reason: reason(code))
    }
}

/// write(2), by a name of its own: inside ``FileOutput`` the plain name
/// would find the type's own `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
