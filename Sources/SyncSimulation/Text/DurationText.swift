/// Durations written back for messages: `80ms`, `2s`.
package enum DurationText {
    package static func text(_ micros: Int64) -> String {
        if micros % 1_000_000 == 0 { return "\(micros / 1_000_000)s" }
        if micros % 1_000 == 0 { return "\(micros / 1_000)ms" }
        return "\(micros)us"
    }
}
