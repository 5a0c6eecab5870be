import SyncSimulation

/// The faults of a run as spans: partitions from the partition to the
/// next heal (or the end), crashed replicas from the crash or wipe to the
/// restart (or the end). A capped log (``FaultLog/isCapped``) says nothing
/// after its first fault not kept: a span still open there ends there.
enum FaultTimeline {
    struct Span {
        let kind: FaultEvent.Kind
        /// `network` for partitions and cuts, else the replica.
        let lane: String
        let startMicros: Int64
        let endMicros: Int64
        let detail: String
        let untilEnd: Bool
        /// Still open where the capped log stops: how it went on is not known.
        var untilLogStops = false

        var startSeconds: Double { Double(startMicros) / 1_000_000 }
        var endSeconds: Double { Double(endMicros) / 1_000_000 }
        var title: String {
            let what: String
            switch kind {
            case .partition: what = "partition " + detail
            case .cut: what = "one-way cut " + detail
            case .wipe: what = "\(lane) wiped"
            default: what = "\(lane) crashed"
            }
            if untilLogStops {
                return what + " from \(DecimalText.seconds(micros: startMicros)) s, still at \(DecimalText.seconds(micros: endMicros)) s "
                    + "where the fault log stops"
            }
            return what + " from \(DecimalText.seconds(micros: startMicros)) s to "
                + (untilEnd ? "the end" : "\(DecimalText.seconds(micros: endMicros)) s")
        }
    }

    static let networkLane = "network"
    static let fills: [(kind: FaultEvent.Kind, fill: String, label: String)] = [
        (.partition, "#8A8A8A", "partition (replicas split)"),
        (.cut, "#B8B8B8", "cut (one way)"),
        (.crash, "#E8877C", "crash (store kept)"),
        (.wipe, "#7A1414", "wipe (store lost)"),
    ]

    static func fill(_ kind: FaultEvent.Kind) -> String {
        fills.first { $0.kind == kind }?.fill ?? "#999"
    }

    static func spans(_ faults: FaultLog, endMicros: Int64) -> [Span] {
        var spans: [Span] = []
        var open: [(lane: String, kind: FaultEvent.Kind, start: Int64, detail: String)] = []
        func close(_ lane: String, at time: Int64, untilEnd: Bool = false, untilLogStops: Bool = false) {
            guard let index = open.firstIndex(where: { $0.lane == lane }) else { return }
            let item = open.remove(at: index)
            spans.append(Span(kind: item.kind, lane: lane, startMicros: item.start, endMicros: max(time, item.start),
                              detail: item.detail, untilEnd: untilEnd, untilLogStops: untilLogStops))
        }
        for fault in faults.events {
            switch fault.kind {
            case .partition, .cut:
                // A cut adds to what is already cut: the span shows the latest.
                close(networkLane, at: fault.atMicros)
                open.append((networkLane, fault.kind, fault.atMicros, fault.detail))
            case .heal:
                close(networkLane, at: fault.atMicros)
            case .crash, .wipe:
                let device = fault.device ?? ""
                close(device, at: fault.atMicros)
                open.append((device, fault.kind, fault.atMicros, fault.detail))
            case .restart:
                close(fault.device ?? "", at: fault.atMicros)
            }
        }
        if let stop = faults.firstDroppedMicros {
            while let item = open.first { close(item.lane, at: stop, untilLogStops: true) }
        }
        while let item = open.first { close(item.lane, at: endMicros, untilEnd: true) }
        return spans
    }
}
