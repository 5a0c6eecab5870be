/// A word of a command line as a POSIX shell reads it back: as it is when
/// it holds only characters no shell treats specially, in single quotes
/// otherwise (an inner `'` becomes `'\''`), so a printed replay line pastes
/// as it prints, whatever the file's name.
public enum ShellWord {
    /// `text` as one shell word.
    public static func quoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || "/._-+:@%,=".unicodeScalars.contains(scalar))
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
