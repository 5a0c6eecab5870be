import Foundation
import SyncSimulation

/// `--max-events`, `--max-memory` and `--allow-large`: the limits every run
/// of a command gets (``RunLimits``), for each command that runs scenarios.
struct RunLimitOptions {
    /// `--max-events`: each run stops after this many events (partial figures).
    var maxEvents: Int?
    /// `--max-memory`: each run stops when the process passes this many
    /// resident bytes (partial figures); nil: half the machine's memory, so
    /// that a run stops cleanly rather than being killed by the system.
    var maxMemoryBytes: Int?
    /// `--allow-large`: run what the work estimate refuses.
    var allowsLarge = false

    /// The limits every run of the command gets; a `--max-memory` given
    /// also caps the work estimate.
    var runLimits: RunLimits {
        var limits = RunLimits(maxEvents: maxEvents, maxMemoryBytes: maxMemoryBytes ?? Int(clamping: ProcessInfo.processInfo.physicalMemory / 2),
                               budget: allowsLarge ? nil : .standard)
        limits.ceilingCapsEstimate = maxMemoryBytes != nil
        return limits
    }

    /// The three options, stored under `path` in a command's options.
    static func options<Options: CommandOptions>(_ path: WritableKeyPath<Options, RunLimitOptions>) -> [Option<Options>] {
        [
            .value("--max-events", path.appending(path: \.maxEvents), .whole(1 ... 1_000_000_000_000)) {
                "stop each run after N events (\($0.range)), its figures marked partial"
            },
            .value("--max-memory", path.appending(path: \.maxMemoryBytes), .size,
                   "stop a run past SIZE resident (512M, 2G; default half the RAM), partial"),
            .flag("--allow-large", path.appending(path: \.allowsLarge), "run a scenario the work estimate refuses (too large: exit 2)"),
        ]
    }
}
