import SyncSimulation

/// How much longer one run may take, as its progress line says it: at the
/// pace so far, towards the nearer of the run's own bounds (its `until`
/// in virtual time, its `--max-events`), and never more than the figure
/// shown before less the time since. A run whose virtual time stalls (a
/// storm of events at one instant) would otherwise see the figure grow
/// without bound: 245 s rising to 5,187 s for a run that ended at 3.2 s of
/// virtual time (issue 41), each figure a promise ("≤") the next broke.
struct RunEstimate {
    /// What the line says about the rest of the run.
    enum Remaining: Equatable {
        /// At most this many wall seconds more, to reach `bound`.
        case atMost(seconds: Double, bound: Bound)
        /// Longer than a day at this pace.
        case overADay
        /// The run has gone on past the figure shown: slower than its pace
        /// so far, so no figure is honest.
        case pastEstimate
    }

    /// The bound a figure is about: the run's `until`, or its event limit.
    enum Bound: Equatable {
        case until
        case events(Int)
    }

    /// The wall second (since the run began) by which the figures shown so
    /// far say the run ends; nil before the first.
    private var deadlineSeconds: Double?

    /// What to say after `wallSeconds` of the run `snapshot` reads; nil
    /// while neither bound has a pace to go by (no virtual time and no
    /// event yet).
    mutating func remaining(_ snapshot: RunProgress.Snapshot, eventLimit: Int?, wallSeconds: Double) -> Remaining? {
        var paces: [(seconds: Double, bound: Bound)] = []
        if snapshot.nowMicros > 0 {
            paces.append((wallSeconds * Double(max(snapshot.untilMicros - snapshot.nowMicros, 0)) / Double(snapshot.nowMicros), .until))
        }
        if let eventLimit, snapshot.events > 0 {
            paces.append((wallSeconds * Double(max(eventLimit - snapshot.events, 0)) / Double(snapshot.events), .events(eventLimit)))
        }
        // The nearer bound; `until` on a tie.
        guard let nearest = paces.min(by: { $0.seconds < $1.seconds }) else { return nil }
        var seconds = nearest.seconds
        if let deadlineSeconds {
            guard deadlineSeconds > wallSeconds else { return .pastEstimate }
            seconds = min(seconds, deadlineSeconds - wallSeconds)
        }
        guard seconds < 86_400 else { return .overADay }
        deadlineSeconds = wallSeconds + seconds
        return .atMost(seconds: seconds, bound: nearest.bound)
    }
}
