/// The values a written workload gives a key field: an `import` pattern
/// with `{n}` (Scenarios/README.md, "Generated values") in the form of the
/// attribute's type, so that the scenario reads like the app's data. SyncSim
/// stores every generated value as text, whatever the type.
enum KeyValuePattern {
    static let integerTypes: Set<String> = ["Integer 16", "Integer 32", "Integer 64", "Int", "Int8", "Int16", "Int32", "Int64",
                                            "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    static let decimalTypes: Set<String> = ["Double", "Float", "Decimal", "CGFloat", "Float32", "Float64"]

    /// `{n}` for a number, a fixed UUID for a `UUID`, a URL under the
    /// entity's name for a URL, and `field{n}` for anything else; `count`
    /// is the rows' count, whose width `{n}` is padded to.
    static func pattern(field: String, typeName: String, entity: String, count: Int) -> String {
        let type = baseType(typeName)
        if integerTypes.contains(type) || decimalTypes.contains(type) { return "{n}" }
        switch type {
        case "UUID":
            let width = String(count).count
            precondition(width <= 12, "a UUID's last group has 12 digits")
            return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - width) + "{n}"
        case "URL", "URI":
            return "https://example.com/\(entity.lowercased())/{n}"
        default:
            return "\(field){n}"
        }
    }

    /// Row `number`'s value of `pattern`, as SyncSim's `import` makes it:
    /// `{n}` zero-padded to the width of `count` (ValueTemplate).
    static func value(_ pattern: String, number: Int, count: Int) -> String {
        precondition((1 ... count).contains(number), "rows are numbered 1 … count")
        let digits = String(number)
        let padded = String(repeating: "0", count: String(count).count - digits.count) + digits
        return pattern.split(separator: "{n}", omittingEmptySubsequences: false).joined(separator: padded)
    }

    /// `UUID` for `UUID?`, `Foundation.UUID`, `Optional<UUID>`; a Core
    /// Data type name (`Integer 64`) as it is.
    static func baseType(_ typeName: String) -> String {
        var type = Substring(typeName)
        while let last = type.last, last == "?" || last == "!" { type = type.dropLast() }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = type.dropFirst("Optional<".count).dropLast() }
        if !type.contains(" "), let dot = type.lastIndex(of: ".") { type = type[type.index(after: dot)...] }
        return String(type)
    }
}
