/// The elements of an XML document, in document order, read by SyncSim's
/// own strict reader for the subset of XML that Xcode writes in a model's
/// `contents` file.
///
/// Why not Foundation's `XMLParser`: on Linux it traps (a signal, not an
/// error) on invalid UTF-8 in an element or attribute name, and libxml2
/// under it refuses a well-formed document of 10 MB or more with "error 1"
/// (observed, swift-corelibs-foundation on Swift 6.3.1, issue 41). This
/// reader never traps on its input, has no size limit but memory, keeps no
/// recursion (a stack of open elements), and names the line of every error.
///
/// What it reads: a UTF-8 byte order mark; the XML declaration (its
/// encoding must be UTF-8 or ASCII); comments; processing instructions;
/// CDATA sections; the five predefined entity references and character
/// references, in text and in attribute values; attributes in either
/// quote; self-closing tags. A DOCTYPE without an internal subset is read
/// past; one with an internal subset (`[ … ]`) is refused, because entity
/// declarations there can expand without bound and Xcode writes none.
/// Anything else not well-formed is refused (XML 1.0, W3C Recommendation,
/// fifth edition: https://www.w3.org/TR/xml/ , documented).
struct ModelXMLReader {
    /// One start or end of an element; a self-closing tag gives both.
    enum Event: Equatable {
        /// `<name a="1">` on `line` (where its `<` is), with its attributes
        /// after attribute-value normalization (XML 1.0 §3.3.3).
        case start(name: String, attributes: [String: String], line: Int)
        /// `</name>`, or the end of `<name/>`.
        case end(name: String, line: Int)
    }

    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var events: [Event] = []
    /// Open elements, innermost last, with the line each opened on.
    var open: [(name: String, line: Int)] = []
    var rootSeen = false

    /// Every element event of `bytes`, or a located error: `file` and the
    /// line the problem is on. A document with no element gives none.
    static func events(of bytes: [UInt8], file: String) throws(LintInputError) -> [Event] {
        if let invalid = ModelXMLBytes.firstInvalid(bytes) {
            throw LintInputError(file: file, line: invalid.line, invalid.message)
        }
        var reader = ModelXMLReader(bytes: bytes, file: file)
        try reader.readDocument()
        return reader.events
    }

    private mutating func readDocument() throws(LintInputError) {
        if starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        if starts(with: "<?xml"), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) { try readDeclaration() }
        var doctypeSeen = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                try readText()
                continue
            }
            if starts(with: "<!--") {
                try readComment()
            } else if starts(with: "<?") {
                try readProcessingInstruction()
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw error("a CDATA section outside the root element") }
                try skip(past: "]]>", opened: "a CDATA section")
            } else if starts(with: "<!DOCTYPE") {
                guard !rootSeen, !doctypeSeen else { throw error("a DOCTYPE is allowed only once, before the root element") }
                doctypeSeen = true
                try readDoctype()
            } else if starts(with: "<!") {
                throw error("markup '<!' that is not a comment, a CDATA section or a DOCTYPE")
            } else if starts(with: "</") {
                try readEndTag()
            } else {
                try readStartTag()
            }
        }
        if let innermost = open.first {
            throw error("malformed XML: the document ends before <\(innermost.name)> (opened on line \(innermost.line)) is closed", at: endLine)
        }
    }

    // MARK: Markup other than elements

    private mutating func readDeclaration() throws(LintInputError) {
        let startLine = line
        index += 5
        let pseudo = try readAttributes(closing: "?>", element: "?xml")
        guard pseudo.selfClosing else { throw error("the XML declaration does not end with '?>'", at: startLine) }
        if let encoding = pseudo.attributes["encoding"], !["UTF-8", "UTF8", "US-ASCII", "ASCII"].contains(encoding.uppercased()) {
            throw error("the XML declaration names the encoding '\(encoding)'; simulate lint reads UTF-8, which Xcode writes", at: startLine)
        }
    }

    private mutating func readComment() throws(LintInputError) {
        let startLine = line
        index += 4
        while index < bytes.count {
            if starts(with: "--") {
                guard starts(with: "-->") else { throw error("'--' inside a comment (XML allows it only in the closing '-->')") }
                index += 3
                return
            }
            advance()
        }
        throw error("malformed XML: the document ends inside a comment opened on line \(startLine)", at: endLine)
    }

    private mutating func readProcessingInstruction() throws(LintInputError) {
        let startLine = line
        index += 2
        let target = readName()
        guard !target.isEmpty else { throw error("a processing instruction '<?' without a target name") }
        guard target.lowercased() != "xml" else { throw error("an XML declaration '<?xml' is allowed only at the very start of the file") }
        try skip(past: "?>", opened: "a processing instruction", line: startLine)
    }

    /// A DOCTYPE is read past up to its `>`, quoted identifiers included;
    /// an internal subset is refused.
    private mutating func readDoctype() throws(LintInputError) {
        let startLine = line
        index += "<!DOCTYPE".utf8.count
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error("a DOCTYPE with an internal subset ('[ … ]') is not read: its entity declarations can expand without bound, "
                    + "and Xcode writes no DOCTYPE in a model", at: startLine)
            } else if byte == UInt8(ascii: ">") {
                index += 1
                return
            }
            advance()
        }
        throw error("malformed XML: the document ends inside the DOCTYPE opened on line \(startLine)", at: endLine)
    }

    /// Character data: whitespace only outside the root element; inside,
    /// its references must be well-formed (the text itself is not kept).
    private mutating func readText() throws(LintInputError) {
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            let byte = bytes[index]
            if open.isEmpty, !Self.isSpace(byte) {
                throw error(rootSeen ? "text after the root element is closed" : "text before the root element")
            }
            if byte == UInt8(ascii: "&") {
                _ = try readReference()
                continue
            }
            if starts(with: "]]>") { throw error("']]>' in text outside a CDATA section") }
            advance()
        }
    }
}
