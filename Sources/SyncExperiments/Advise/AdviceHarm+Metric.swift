import SyncSimulation

extension AdviceHarm {
    /// The run metric that measures the harm (docs/MODEL.md, "Metrics").
    public var metric: Metric {
        switch self {
        case .lostWrites: .lostWrites
        case .copiesLost: .copiesLost
        case .diverged: .diverged
        case .divergedSeconds: .divergedSeconds
        case .duplicatesPeak: .duplicatesPeak
        case .duplicateSeconds: .duplicatesSeconds
        case .resurrected: .resurrected
        case .dangling: .dangling
        case .messages: .networkSent
        }
    }
}
