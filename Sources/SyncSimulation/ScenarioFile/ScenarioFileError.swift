/// A scenario file that cannot be run: which file, where in it, what was
/// expected and what was found. One line, for a person.
public struct ScenarioFileError: Error, Sendable, CustomStringConvertible {
    public let file: String
    /// A path into the document such as `steps[3].at`; empty for the file itself.
    public let path: String
    public let message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
