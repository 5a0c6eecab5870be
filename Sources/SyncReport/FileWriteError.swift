/// A file or folder a command was asked to write that could not be
/// written: the path, and what went wrong in words a person reads
/// (`cannot write out/report.md: No space left on device`).
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    /// The file or folder that could not be written: the one the failing
    /// call named, which is the path given or a folder above it.
    public let path: String
    /// The system's error number, or nil when the reason is not one (a
    /// file stands where a folder should be).
    public let code: Int32?
    /// Why, as the system words `code` (`strerror`), or ours.
    public let reason: String

    /// The error for `path`: `code` (nil when not the system's) and `reason`.
    public init(path: String, code: Int32?, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
    }

    /// `cannot write PATH: REASON`, the line `simulate` prints after `simulate: `.
    public var description: String { "cannot write \(path): \(reason)" }
}
