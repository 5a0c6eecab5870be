import SyncSimulation

/// One run's event log as a message diagram (Maelstrom's, Jepsen's
/// timeline): a lane per endpoint, local saves as ticks, each message that
/// carried changes as a line from its sender's lane at the send to its
/// receiver's lane at the arrival, lost ones in red, conflicts and dedupe
/// passes as marks, and the faults behind them.
///
/// The log records sends and arrivals apart, so lines are paired here: an
/// arrival is drawn from the latest send on its link (sender → receiver)
/// that no arrival has taken yet. That is exact when one message at a time
/// is in flight on a link; a send dropped on the way out never has an
/// arrival, so it stays unpaired (a stub) and never bends a later line.
/// A second copy (the network duplicated the message) finds no free send
/// and is drawn from the link's latest send.
struct TimelineDiagram {
    /// The most events drawn per run; a longer log shows its beginning.
    static let drawnCap = 1_000

    struct Message: Equatable {
        let from: Int
        let to: Int
        let sentMicros: Int64
        let arrivedMicros: Int64
        let lost: Bool
    }

    /// The events drawn: the log's first `drawnCap`.
    let events: [Timeline.Event]
    /// Events the run recorded (kept ones; `dropped` more were not kept).
    let recorded: Int
    let droppedByRun: Int
    let faults: FaultLog
    let laneNames: [String]
    let runEndMicros: Int64
    /// The right end of the time axis.
    let windowEndMicros: Int64
    let messages: [Message]
    /// Sends with no arrival drawn: dropped when sent, or arriving after
    /// the window.
    let unanswered: [Timeline.Event]

    var isCapped: Bool { recorded > events.count }

    init(result: RunResult, laneNames: [String], cap: Int = TimelineDiagram.drawnCap) {
        precondition(cap > 0, "draw at least one event")
        let all = result.timeline.events
        events = Array(all.prefix(cap))
        recorded = all.count
        droppedByRun = result.timeline.dropped
        faults = result.faults
        runEndMicros = result.endMicros
        // Lanes the scenario names, and any endpoint the log mentions beyond them.
        let highest = events.map { max($0.lane, $0.peer ?? 0) }.max() ?? -1
        var names = laneNames
        if highest >= names.count { names += (names.count ... highest).map { "endpoint \($0 + 1)" } }
        self.laneNames = names

        let lastEvent = events.last?.atMicros ?? 0
        // Up to the last event drawn when that is not all the run recorded:
        // the picture stops being complete there. Else to the last event
        // or fault, or to the run's end when that is not much later (a run
        // that stopped at `until` may have idled for most of its time).
        var end: Int64
        if all.count > events.count || result.timeline.dropped > 0 {
            end = lastEvent
        } else {
            end = max(lastEvent, result.faults.events.map(\.atMicros).max() ?? 0)
            if result.endMicros >= end && result.endMicros - end <= end / 4 { end = result.endMicros }
        }
        if end <= 0 { end = max(result.endMicros, 1_000) }
        windowEndMicros = end

        (messages, unanswered) = TimelineDiagram.pair(events)
    }

    /// Arrivals paired with sends (see the type's comment), and the sends
    /// left without one, both in log order.
    static func pair(_ events: [Timeline.Event]) -> (messages: [Message], unanswered: [Timeline.Event]) {
        struct Link: Hashable {
            let from: Int
            let to: Int
        }
        // Looked up by link only; nothing is iterated, so no hash order reaches output.
        var open: [Link: [Int]] = [:]
        var latest: [Link: Int] = [:]
        var answered = Array(repeating: false, count: events.count)
        var messages: [Message] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .send:
                guard let peer = event.peer else { continue }
                let link = Link(from: event.lane, to: peer)
                open[link, default: []].append(index)
                latest[link] = index
            case .receive, .lost:
                guard let peer = event.peer else { continue }
                let link = Link(from: peer, to: event.lane)
                let send: Int
                if let free = open[link]?.popLast() {
                    send = free
                } else if let copy = latest[link] {
                    send = copy
                } else {
                    continue
                }
                answered[send] = true
                messages.append(Message(from: peer, to: event.lane, sentMicros: events[send].atMicros,
                                        arrivedMicros: event.atMicros, lost: event.kind == .lost))
            case .save, .conflict, .dedupePass:
                continue
            }
        }
        let unanswered = events.indices.filter { events[$0].kind == .send && events[$0].peer != nil && !answered[$0] }.map { events[$0] }
        return (messages, unanswered)
    }

    /// Seconds for a caption: to the millisecond from 10 ms up (`2.146`),
    /// exact below (`0.0005`).
    static func secondsText(micros: Int64) -> String {
        DecimalText.seconds(micros: micros >= 10_000 ? (micros + 500) / 1_000 * 1_000 : micros)
    }

    /// What the picture leaves out, for the caption; empty when nothing.
    var limits: String {
        var notes: [String] = []
        if isCapped {
            notes.append("Drawn: the first \(events.count) of the \(recorded) events recorded, up to \(TimelineDiagram.secondsText(micros: windowEndMicros)) s "
                + "(the run ended at \(TimelineDiagram.secondsText(micros: runEndMicros)) s).")
        }
        if droppedByRun > 0 {
            notes.append("The run kept only its first \(Timeline.cap) events; \(droppedByRun) later ones were not recorded.")
        }
        if let stop = faults.firstDroppedMicros {
            notes.append("Faults: \(FaultLogText.shown(faults)); the fault log stops at \(TimelineDiagram.secondsText(micros: stop)) s.")
        }
        // A capped fault log's note already says where the record stops.
        if !isCapped && droppedByRun == 0 && !faults.isCapped && windowEndMicros < runEndMicros {
            notes.append("Nothing was recorded after \(TimelineDiagram.secondsText(micros: windowEndMicros)) s; the run ended at "
                + "\(TimelineDiagram.secondsText(micros: runEndMicros)) s.")
        }
        return notes.joined(separator: " ")
    }
}
