import SyncModel
import SyncSimulation

/// A scenario file that cannot be run: which file, where in it, what was
/// expected and what was found. One line, for a person.
public struct ScenarioFileError: Error, Sendable, CustomStringConvertible {
    /// The file, as given.
    public let file: String
    /// A path into the document such as `steps[3].at`; empty for the file itself.
    public let path: String
    /// What was expected and what was found, for a person.
    public let message: String
    /// The command-line argument at fault, when the document was changed
    /// by one and the fault lies in what it changed (`--vary netwrk.drop`:
    /// the file has no `netwrk`, the argument put it there). The
    /// description then names the argument, not the file (and the file
    /// too when ``argumentNamesFile``).
    public let argument: String?
    /// True when the description names the file before ``argument``: the
    /// argument (`--set`) changed every file a command read.
    public let argumentNamesFile: Bool
    /// The line (from 1) of a text that is not JSON5, where its reader
    /// stopped; nil for every other error, whose ``path`` says where.
    public let line: Int?

    /// An error at `path` in `file`; `argument` when a command-line argument put the fault there.
    /// `argumentNamesFile` when the argument changed every file read (`--set`).
    public init(file: String, path: String, message: String, argument: String? = nil, argumentNamesFile: Bool = false, line: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.argument = argument
        self.argumentNamesFile = argumentNamesFile
        self.line = line
    }

    /// `file: path: message`, or `argument: message` when an argument is
    /// at fault (`file: argument: message` when ``argumentNamesFile``).
    public var description: String {
        if let argument { return (argumentNamesFile ? "\(file): " : "") + "\(Echo.text(argument)): \(message)" }
        return path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

/// The one helper that cuts quoted user text, for this module's files that
/// read no other of SyncSimulation's names.
typealias Echo = SyncSimulation.Echo
