/// Start and end tags, attributes, names and references.
extension ModelXMLReader {
    mutating func readStartTag() throws(LintInputError) {
        let startLine = line
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw error("malformed XML: '<' not followed by an element name") }
        guard open.isEmpty ? !rootSeen : true else { throw error("a second root element <\(name)> after the first is closed") }
        let tag = try readAttributes(closing: "/>", element: name)
        rootSeen = true
        events.append(.start(name: name, attributes: tag.attributes, line: startLine))
        if tag.selfClosing {
            events.append(.end(name: name, line: startLine))
        } else {
            open.append((name, startLine))
        }
    }

    mutating func readEndTag() throws(LintInputError) {
        let startLine = line
        index += 2
        let name = readName()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw error("malformed XML: the end tag </\(name)> is not closed by '>'", at: startLine)
        }
        index += 1
        guard let innermost = open.last else { throw error("malformed XML: </\(name)> closes no open element", at: startLine) }
        guard innermost.name == name else {
            throw error("malformed XML: <\(innermost.name)> (opened on line \(innermost.line)) is closed by </\(name)>", at: startLine)
        }
        open.removeLast()
        events.append(.end(name: name, line: startLine))
    }

    /// The attributes up to `>` or `closing` (`/>` for a tag, `?>` for the
    /// XML declaration, which must end so); each must follow whitespace,
    /// and none may appear twice.
    mutating func readAttributes(closing: String, element: String) throws(LintInputError) -> (attributes: [String: String], selfClosing: Bool) {
        let startLine = line
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpace()
            guard index < bytes.count else {
                throw error("malformed XML: the document ends inside the tag <\(element)> opened on line \(startLine)", at: endLine)
            }
            if starts(with: closing) {
                index += closing.utf8.count
                return (attributes, true)
            }
            if bytes[index] == UInt8(ascii: ">"), closing == "/>" {
                index += 1
                return (attributes, false)
            }
            guard spaced else { throw error("malformed XML: <\(element)> has '\(Self.shown(bytes[index]))' where whitespace, '>' or '\(closing)' belongs") }
            let name = readName()
            guard !name.isEmpty else { throw error("malformed XML: <\(element)> has '\(Self.shown(bytes[index]))' where an attribute name belongs") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error("malformed XML: the attribute \(name) of <\(element)> has no '=' and value")
            }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("malformed XML: the value of \(name) in <\(element)> is not in quotes")
            }
            let value = try readAttributeValue(of: name, in: element)
            guard attributes.updateValue(value, forKey: name) == nil else {
                throw error("malformed XML: <\(element)> has the attribute \(name) twice", at: startLine)
            }
        }
    }

    /// A quoted value, references replaced and each tab, line end or
    /// carriage return (a CR LF pair counts once) read as a space (XML 1.0
    /// §3.3.3, attribute-value normalization for CDATA attributes).
    private mutating func readAttributeValue(of name: String, in element: String) throws(LintInputError) -> String {
        let startLine = line
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                throw error("malformed XML: '<' in the value of \(name) in <\(element)> (write &lt;)")
            case UInt8(ascii: "&"):
                value += try readReference()
            case UInt8(ascii: "\r"):
                value.append(UInt8(ascii: " "))
                advance()
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                value.append(UInt8(ascii: " "))
                advance()
            default:
                value.append(byte)
                advance()
            }
        }
        guard index < bytes.count else {
            throw error("malformed XML: the value of \(name) in <\(element)> (from line \(startLine)) is never closed by its quote", at: endLine)
        }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;`,
    /// as UTF-8; any other reference is refused (no DTD declares one).
    mutating func readReference() throws(LintInputError) -> [UInt8] {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - start < 12, !Self.isSpace(bytes[index]),
              bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw error("malformed XML: '&' that does not begin a reference such as &amp; (write &amp; for '&')")
        }
        let body = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        guard body.hasPrefix("#") else {
            throw error("the entity reference &\(body); is not one of XML's five (&lt; &gt; &amp; &quot; &apos;); no DTD declares it")
        }
        let digits = body.dropFirst()
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, !digits.hasPrefix("x+"), !digits.hasPrefix("+"), ModelXMLBytes.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
            throw error("the character reference &\(body); names no character XML allows")
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// An XML name (letters, digits, `_ : - .`, and any non-ASCII
    /// character), or "" when none starts here.
    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isStart = byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            let isLater = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isStart || (index > start && isLater) else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Moving through the bytes

    /// Steps one byte, counting lines: LF, CR LF and a lone CR each end one
    /// (XML 1.0 §2.11 reads all three as a line end).
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index == bytes.count || bytes[index] != UInt8(ascii: "\n"))) {
            line += 1
        }
    }

    /// Skips whitespace; whether there was any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
        return index > start
    }

    mutating func skip(past end: String, opened what: String, line startLine: Int? = nil) throws(LintInputError) {
        let opened = startLine ?? line
        while index < bytes.count {
            if starts(with: end) {
                index += end.utf8.count
                return
            }
            advance()
        }
        throw error("malformed XML: the document ends inside \(what) opened on line \(opened)", at: endLine)
    }

    /// Whether `text` starts here; the first byte is compared before any
    /// array is made, since this runs at every byte of a comment or text.
    func starts(with text: String) -> Bool {
        guard let first = text.utf8.first, index < bytes.count, bytes[index] == first else { return false }
        return starts(with: Array(text.utf8))
    }

    func starts(with prefix: [UInt8]) -> Bool {
        guard bytes.count - index >= prefix.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A byte as an error shows it: the character when printable ASCII.
    static func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The line the document's last byte is on: where an error that the
    /// end of the file causes is named (a final line end starts no line).
    var endLine: Int {
        guard let last = bytes.last, line > 1, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") else { return line }
        return line - 1
    }

    func error(_ message: String, at errorLine: Int? = nil) -> LintInputError {
        LintInputError(file: file, line: errorLine ?? line, message)
    }
}
