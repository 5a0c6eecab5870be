/// A line in a file, as a finding names it: `FILE:LINE`.
///
/// `file` is the path as the user gave it, with the inner path appended
/// (`Model.xcdatamodeld/Model.xcdatamodel/contents`), so a terminal or an
/// editor can open it from where `simulate lint` ran.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file, as findings print it.
    public let file: String
    /// 1-based.
    public let line: Int

    /// A line of `file`; `line` starts at 1.
    public init(file: String, line: Int) {
        precondition(line >= 1, "line numbers start at 1")
        self.file = file
        self.line = line
    }

    /// Orders by file, then line.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file != rhs.file ? lhs.file < rhs.file : lhs.line < rhs.line
    }

    /// `FILE:LINE`.
    public var description: String { "\(file):\(line)" }
}
