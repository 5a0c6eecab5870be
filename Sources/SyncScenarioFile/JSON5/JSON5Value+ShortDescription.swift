extension JSON5Value {
    /// How the value reads in an error message: `42`, `"fast"`, `an object`.
    /// A number shows as the value it reads as (``JSON5Number``), not as
    /// its literal: `1e3` shows as `1000`, as it always has.
    var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let literal): return JSON5Number(literal: literal).description
        case .string(let value): return "\"\(Echo.text(value))\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
