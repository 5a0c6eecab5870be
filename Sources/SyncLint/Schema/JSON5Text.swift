import SyncScenarioFile
import SyncSimulation

/// Text for the scenario files the schema writer emits, quoted the way
/// scenario files are rendered everywhere (``JSON5Value/quoted(_:)``).
enum JSON5Text {
    /// `text` as a double-quoted string.
    static func quoted(_ text: String) -> String {
        JSON5Value.quoted(text)
    }

    /// `["a", "b"]`.
    static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    /// An object member's name: bare when it is an ASCII identifier
    /// (`email`), quoted otherwise, as JSON5 allows both.
    static func key(_ name: String) -> String {
        let isIdentifier = name.unicodeScalars.enumerated().allSatisfy { index, scalar in
            scalar.isASCII && (scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
                || (index > 0 && scalar.properties.numericType != nil))
        }
        return isIdentifier && !name.isEmpty ? name : quoted(name)
    }
}
