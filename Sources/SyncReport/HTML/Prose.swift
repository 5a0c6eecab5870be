/// Small pieces of English for generated sentences.
package enum Prose {
    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// `1 replica`, `3 replicas`; `plural` when adding `s` is wrong.
    static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) " + (value == 1 ? singular : plural ?? singular + "s")
    }

    /// The rest of a group of strategies: named when one or two
    /// (`crdt`, `lww and crdt`), else counted (`the other 5`).
    package static func others(_ names: [String]) -> String {
        names.count <= 2 ? list(names) : "the other \(names.count)"
    }

    /// `crdt ends with none`, `the other 5 end with none`: the rest of a
    /// group and its verb, in agreement.
    static func others(_ names: [String], singular: String, plural: String) -> String {
        others(names) + " " + (names.count == 1 ? singular : plural)
    }
}
