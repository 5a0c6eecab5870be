/// A fault on the run's timeline, as data: reports draw it, and the
/// shrinker writes it back as a step, without parsing text.
public struct FaultEvent: Hashable, Sendable, CustomDebugStringConvertible {
    /// The kinds of fault a timeline shows, in the order reports list them.
    public enum Kind: String, Sendable, CaseIterable {
        case partition, cut, heal, crash, wipe, restart
    }

    /// What happened, naming the endpoints it concerns.
    public enum Fault: Hashable, Sendable {
        /// The network split into these groups of endpoints.
        case partition([[String]])
        /// The senders can no longer reach the receivers (one way).
        case cut(from: [String], to: [String])
        /// Every partition and cut healed: by a `heal` step, or by the nemesis.
        case heal(byNemesis: Bool)
        /// The device's app stopped; its store is kept.
        case crash(String)
        /// The device's app stopped and its store was deleted.
        case wipe(String)
        /// The device's app started again.
        case restart(String)
    }

    /// When it happened, in virtual microseconds.
    public let atMicros: Int64
    /// What happened.
    public let fault: Fault

    /// A fault at `atMicros`.
    public init(atMicros: Int64, _ fault: Fault) {
        self.atMicros = atMicros
        self.fault = fault
    }

    /// Its kind.
    public var kind: Kind {
        switch fault {
        case .partition: .partition
        case .cut: .cut
        case .heal: .heal
        case .crash: .crash
        case .wipe: .wipe
        case .restart: .restart
        }
    }

    /// The device a crash, wipe or restart concerns; nil for a network fault.
    public var device: String? {
        switch fault {
        case .crash(let device), .wipe(let device), .restart(let device): device
        case .partition, .cut, .heal: nil
        }
    }

    /// What it concerns, as reports print it: a partition's groups joined
    /// by ` | ` (`a,b | c`); a cut's senders and receivers, `a,b -> c`; a
    /// device's name; `nemesis` for the nemesis's heal, nothing for a step's.
    public var detail: String {
        switch fault {
        case .partition(let groups): groups.map { $0.joined(separator: ",") }.joined(separator: " | ")
        case .cut(let from, let to): from.joined(separator: ",") + " -> " + to.joined(separator: ",")
        case .heal(let byNemesis): byNemesis ? "nemesis" : ""
        case .crash(let device), .wipe(let device), .restart(let device): device
        }
    }

    /// As a run's fingerprint has always printed it (the golden runs).
    public var debugDescription: String {
        "SyncSimulation.FaultEvent(atMicros: \(atMicros), kind: SyncSimulation.FaultEvent.Kind.\(kind), detail: \(String(reflecting: detail)))"
    }
}
