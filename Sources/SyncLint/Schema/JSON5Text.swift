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
}
