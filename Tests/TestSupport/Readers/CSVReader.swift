/// A small RFC 4180 reader, as a consumer of SyncSim's CSV would read it:
/// quoted fields may hold commas, doubled quotes and line breaks.
public struct CSVReader {
    /// What a column's cells hold (``kind(_:)``).
    public enum Kind: String, Comparable, Sendable {
        case int, double, string

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Why the text is not one table.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The header and the rows.
    public let header: [String]
    public let rows: [[String]]

    /// Reads `text`: a header, then rows as long as it.
    public init(_ text: String) throws {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case "\"": throw ParseError(description: "a quote inside an unquoted field, record \(records.count + 1)")
            case ",":
                record.append(field)
                field = ""
            case "\n", "\r\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default: field.append(character)
            }
        }
        guard !quoted else { throw ParseError(description: "an unterminated quoted field") }
        guard record.isEmpty && field.isEmpty else { throw ParseError(description: "the last record has no line break") }
        guard let first = records.first else { throw ParseError(description: "no header") }
        header = first
        rows = Array(records.dropFirst())
        for (index, row) in rows.enumerated() where row.count != header.count {
            throw ParseError(description: "row \(index + 1) has \(row.count) fields, the header \(header.count)")
        }
    }

    /// What a cell holds: a whole number, a decimal, or text.
    public static func kind(_ cell: String) -> Kind {
        let digits = cell.hasPrefix("-") ? cell.dropFirst() : Substring(cell)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        func isNumeral(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy { ("0" ... "9").contains($0) } }
        if parts.count == 1 && isNumeral(parts[0]) { return .int }
        if parts.count == 2 && isNumeral(parts[0]) && isNumeral(parts[1]) { return .double }
        return .string
    }

    /// Per column, the kinds of its non-empty cells.
    public func kinds() -> [String: Set<Kind>] {
        var kinds: [String: Set<Kind>] = [:]
        for (column, name) in header.enumerated() {
            kinds[name] = Set(rows.map { $0[column] }.filter { !$0.isEmpty }.map(Self.kind))
        }
        return kinds
    }
}
