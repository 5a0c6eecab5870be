/// Finds a key given twice in one object of a JSON5 text. `JSONDecoder`
/// silently keeps one of the values; a scenario file must not.
///
/// Runs after the decoder has accepted the text, so it only needs to tell
/// strings, comments, keys and brackets apart, not to validate.
enum DuplicateKeyScanner {
    /// The path of the first repeated key (`network.drop`) and the key.
    static func firstDuplicate(in text: String) -> (path: String, key: String)? {
        enum Frame {
            case object(path: String, keys: Set<String>, expectingKey: Bool, lastKey: String?)
            case array(path: String, index: Int)
        }
        let scalars = Array(text.unicodeScalars)
        var stack: [Frame] = []
        var position = 0

        /// Where a value opened now would sit.
        func childPath() -> String {
            switch stack.last {
            case .object(let path, _, _, let key?): return path.isEmpty ? key : "\(path).\(key)"
            case .object(let path, _, _, nil): return path
            case .array(let path, let index): return "\(path)[\(index)]"
            case nil: return ""
            }
        }
        /// Records a key if one is expected here; returns a duplicate.
        func take(_ token: String) -> (String, String)? {
            guard case .object(let path, var keys, true, _) = stack.last else { return nil }
            if !keys.insert(token).inserted { return (path.isEmpty ? token : "\(path).\(token)", token) }
            stack[stack.count - 1] = .object(path: path, keys: keys, expectingKey: false, lastKey: token)
            return nil
        }

        while position < scalars.count {
            let scalar = scalars[position]
            switch scalar {
            case "/" where position + 1 < scalars.count && scalars[position + 1] == "/":
                while position < scalars.count && scalars[position] != "\n" { position += 1 }
            case "/" where position + 1 < scalars.count && scalars[position + 1] == "*":
                position += 2
                while position + 1 < scalars.count && !(scalars[position] == "*" && scalars[position + 1] == "/") { position += 1 }
                position += 2
            case "\"", "'":
                var value = String.UnicodeScalarView()
                position += 1
                while position < scalars.count && scalars[position] != scalar {
                    if scalars[position] == "\\" && position + 1 < scalars.count { position += 1 }
                    value.append(scalars[position])
                    position += 1
                }
                position += 1
                if let duplicate = take(String(value)) { return duplicate }
            case "{":
                stack.append(.object(path: childPath(), keys: [], expectingKey: true, lastKey: nil))
                position += 1
            case "[":
                stack.append(.array(path: childPath(), index: 0))
                position += 1
            case "}", "]":
                stack.removeLast()
                position += 1
            case ",":
                switch stack.last {
                case .object(let path, let keys, _, _): stack[stack.count - 1] = .object(path: path, keys: keys, expectingKey: true, lastKey: nil)
                case .array(let path, let index): stack[stack.count - 1] = .array(path: path, index: index + 1)
                case nil: break
                }
                position += 1
            case _ where scalar.properties.isWhitespace || scalar == ":":
                position += 1
            default:
                // A bare word: an unquoted key, a number, true, false, null.
                var word = String.UnicodeScalarView()
                while position < scalars.count, !"{}[],:\"'/".unicodeScalars.contains(scalars[position]),
                      !scalars[position].properties.isWhitespace {
                    word.append(scalars[position])
                    position += 1
                }
                if let duplicate = take(String(word)) { return duplicate }
            }
        }
        return nil
    }
}
