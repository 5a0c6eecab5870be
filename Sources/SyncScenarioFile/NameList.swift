/// The names in a comma-separated option value (`--strategies`, `--habits`,
/// `--rank`), checked in one place: none empty, each one the option knows,
/// each once, in the order given. The caller splits and trims the value
/// (each option by its own rule) and words the errors, which name the
/// option and what it allows.
public enum NameList {
    /// The first thing wrong with a list.
    public enum Problem: Error, Equatable, Sendable {
        /// An item is empty (two commas in a row, or a trailing comma).
        case empty
        /// An item names nothing the option knows.
        case unknown(String)
        /// An item names what an earlier one already named.
        case repeated(String)
    }

    /// The values the items name, in their order, or the first problem met;
    /// `named` gives an item's value, nil for a name the option does not know.
    public static func values<Value: Equatable>(of items: [String], named: (String) -> Value?) -> Result<[Value], Problem> {
        var values: [Value] = []
        for item in items {
            guard !item.isEmpty else { return .failure(.empty) }
            guard let value = named(item) else { return .failure(.unknown(item)) }
            guard !values.contains(value) else { return .failure(.repeated(item)) }
            values.append(value)
        }
        return .success(values)
    }
}
