/// GitHub Actions workflow commands (`::error file=…,line=…::message`), which
/// the runner turns into annotations on the file and line in a pull request.
/// `simulate check` and `simulate lint` both print them.
public enum GitHubAnnotation {
    /// The annotation's kind: the workflow command's name.
    public enum Level: String, Sendable {
        case error
        case warning
        case notice
    }

    /// True when GitHub Actions runs the process: it always sets
    /// `GITHUB_ACTIONS=true`.
    public static func isEnabled(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// One `::error` command. Without a line the annotation is on the file.
    public static func error(file: String, line: Int?, message: String) -> String {
        command(.error, file: file, line: line, message: message)
    }

    /// One `::error`, `::warning` or `::notice` command:
    /// `::LEVEL file=F,line=L,title=T::message`. Without a line the
    /// annotation is on the file; the title, when given, heads it.
    public static func command(_ level: Level, file: String, line: Int?, title: String? = nil, message: String) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line { properties += ",line=\(line)" }
        if let title { properties += ",title=\(escapeProperty(title))" }
        return "::\(level.rawValue) \(properties)::\(escapeData(message))"
    }

    /// The runner reads a command up to the end of its line and unescapes
    /// `%25`, `%0D` and `%0A` in the message (`escapeData` in
    /// actions/toolkit's command.ts).
    static func escapeData(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// A property value also ends at `,` and `:`, so those are escaped too
    /// (`escapeProperty` in the same file).
    static func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// Scalar by scalar, in one pass: `\r\n` is one `Character` to Swift,
    /// so replacing `"\r"` and `"\n"` in a `String` would leave it whole.
    private static func escape(_ text: String, _ escapes: [(Unicode.Scalar, String)]) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let escape = escapes.first(where: { $0.0 == scalar }) {
                escaped += escape.1
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
