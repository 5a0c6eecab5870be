import Foundation

/// Why bytes are not a scenario document, before any key is read.
enum DocumentReadError: Error {
    case notUTF8(UTF8DecodingError)
    case syntax(JSON5ParseError)
    /// The path of the repeated key and the key.
    case duplicateKey(path: String, key: String)

    /// What was wrong, for a person.
    var message: String {
        switch self {
        case .notUTF8(let error): return error.description
        case .syntax(let error): return "not valid JSON5 at line \(error.line), column \(error.column): \(error.message)"
        case .duplicateKey(_, let key): return "key '\(Echo.text(key))' is given twice"
        }
    }

    /// The line of a syntax error; nil for the others, which have no one line.
    var line: Int? {
        guard case .syntax(let error) = self else { return nil }
        return error.line
    }

    /// Where: the repeated key's path; empty for the text as a whole.
    var path: String {
        guard case .duplicateKey(let path, _) = self else { return "" }
        return path
    }
}

extension JSON5Value {
    /// Reads a scenario document's bytes: JSON5 text (comments, trailing
    /// commas, unquoted keys) read by the project's own parser,
    /// ``JSON5Value/parse(_:)``. The bytes are checked as UTF-8 first, every
    /// syntax error has a line and column, and nothing in the input can
    /// trap. (Foundation's `JSONDecoder`, used before, trapped on invalid
    /// UTF-8 and gave no position.) An object may not name a key twice
    /// (``firstRepeatedKey()``), so every lookup after this finds at most one
    /// member.
    static func document(_ data: Data) throws(DocumentReadError) -> JSON5Value {
        let text: String
        do {
            text = try UTF8Text.decode(data)
        } catch {
            throw .notUTF8(error)
        }
        let value: JSON5Value
        do {
            value = try JSON5Value.parse(text)
        } catch {
            throw .syntax(error)
        }
        if let repeated = value.firstRepeatedKey() { throw .duplicateKey(path: repeated.path, key: repeated.key) }
        return value
    }
}
