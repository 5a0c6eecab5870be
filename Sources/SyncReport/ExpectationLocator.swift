import SyncSimulation

/// Finds the line of each expectation in a scenario file's text, for
/// annotations that point at it (`::error file=…,line=…`, JUnit's `line`).
///
/// The parsed tree (`JSONNode`) keeps no positions,
/// so this scans the text again: a tokenizer that tells comments, strings,
/// words and brackets apart, and a walk that finds the top-level `expect`
/// list and the first token of each item in it. It runs on text the parser
/// has accepted, so it need not validate.
public enum ExpectationLocator {
    /// The line (from 1) of each of `expectations`, the document's list in
    /// its order. The parser drops expectations about strategies a preset
    /// does not run, so the document's list is a subsequence of the file's
    /// items, matched here in order by strategy and metric. An expectation
    /// that cannot be matched gets the line of the `expect` key (and 1 if
    /// even that is missing).
    public static func lines(of expectations: [Expectation], in text: String) -> [Int] {
        let tokens = Tokenizer.tokens(of: text)
        var walk = Walk(tokens: tokens)
        guard let found = walk.expectList() else { return expectations.map { _ in 1 } }
        var items = found.items[...]
        return expectations.map { expectation in
            while let item = items.popFirst() {
                if item.strategy == expectation.strategy && item.metric == expectation.metric.rawValue { return item.line }
            }
            return found.keyLine
        }
    }

    struct Item {
        let line: Int
        var strategy: String?
        var metric: String?
    }

    /// A walk over the tokens of the top-level object. Every step returns
    /// nil or false on a token it did not expect, and the caller falls back.
    struct Walk {
        let tokens: [Token]
        var index = 0

        init(tokens: [Token]) {
            self.tokens = tokens
        }

        /// The `expect` key's line and the list's items (none if the list
        /// cannot be read).
        mutating func expectList() -> (keyLine: Int, items: [Item])? {
            var found: (key: Token, valueIndex: Int)?
            // Once `expect` is found, a token the walk does not follow later
            // in the document does not matter.
            _ = object { key, _, valueIndex in
                if key.text == "expect" && found == nil { found = (key, valueIndex) }
            }
            guard let found else { return nil }
            index = found.valueIndex
            return (found.key.line, expectItems() ?? [])
        }

        /// `[ { strategy: …, metric: … }, … ]`
        private mutating func expectItems() -> [Item]? {
            guard take("[") != nil else { return nil }
            var items: [Item] = []
            while take("]") == nil {
                guard index < tokens.count else { return nil }
                var item = Item(line: tokens[index].line)
                let isObject = tokens[index].kind == .punctuation && tokens[index].text == "{"
                let read = isObject
                    ? object { key, value, _ in
                        guard value.kind == .string else { return }
                        if key.text == "strategy" { item.strategy = value.text }
                        if key.text == "metric" { item.metric = value.text }
                    }
                    : skipValue()
                guard read else { return nil }
                items.append(item)
                if take(",") == nil { return take("]") == nil ? nil : items }
            }
            return items
        }

        /// Moves past an object, handing `visit` each key, the first token
        /// of its value and that token's index.
        private mutating func object(_ visit: (_ key: Token, _ value: Token, _ valueIndex: Int) -> Void) -> Bool {
            guard take("{") != nil else { return false }
            while take("}") == nil {
                guard let key = next(), key.kind != .punctuation, take(":") != nil, index < tokens.count else { return false }
                visit(key, tokens[index], index)
                guard skipValue() else { return false }
                if take(",") == nil { return take("}") != nil }
            }
            return true
        }

        /// The token at `index`, moving past it.
        private mutating func next() -> Token? {
            guard index < tokens.count else { return nil }
            defer { index += 1 }
            return tokens[index]
        }

        /// Takes the punctuation `text` if it is next.
        private mutating func take(_ text: String) -> Token? {
            guard index < tokens.count, tokens[index].kind == .punctuation, tokens[index].text == text else { return nil }
            defer { index += 1 }
            return tokens[index]
        }

        /// Moves past one value, brackets and all.
        private mutating func skipValue() -> Bool {
            guard let first = next() else { return false }
            guard first.kind == .punctuation else { return true }
            guard first.text == "{" || first.text == "[" else { return false }
            var depth = 1
            while depth > 0, let token = next() {
                guard token.kind == .punctuation else { continue }
                if token.text == "{" || token.text == "[" { depth += 1 }
                if token.text == "}" || token.text == "]" { depth -= 1 }
            }
            return depth == 0
        }
    }
}
