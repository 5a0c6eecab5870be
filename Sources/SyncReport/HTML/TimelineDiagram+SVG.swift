import SyncSimulation

/// The diagram as inline SVG: lanes, fault bands behind everything, each
/// kind of message and the save ticks as one path each (a run of a
/// thousand events stays a few kilobytes), conflicts and dedupe passes as
/// marks with a tooltip, a time axis and a legend of what is shown.
extension TimelineDiagram {
    static let deliveredColour = "#0072B2"
    static let lostColour = "#B00020"
    static let saveColour = "#1B1B1B"
    static let conflictColour = "#E69F00"
    static let passColour = "#009E73"
    /// Relative, so it can follow a move in a longer path (a path that
    /// starts with it draws around the origin).
    static let crossPath = "m-3 -3l6 6m0 -6l-6 6"
    static let diamondPath = "M0 -4.5l4.5 4.5l-4.5 4.5l-4.5 -4.5z"
    static let squarePath = "M-3.5 -3.5h7v7h-7z"

    func svg(label: String) -> String {
        let width = 1000.0
        let longest = laneNames.map(\.count).max() ?? 0
        let left = min(160, max(44, Double(longest) * 6.8 + 14))
        let laneStep = 26.0
        var chart = SVGChart(width: width)
        let plot = PlotArea(left: left, top: 8, width: width - left - 14, height: laneStep * Double(laneNames.count))
        let seconds = Double(windowEndMicros) / 1_000_000
        let x = LinearScale(lower: 0, upper: seconds * 1.01, start: plot.left, end: plot.right)
        func xAt(_ micros: Int64) -> Double { x(Double(micros) / 1_000_000) }
        func laneMiddle(_ lane: Int) -> Double { plot.top + (Double(lane) + 0.5) * laneStep }

        // Lanes, each with a tooltip of what it did in the window.
        for (lane, name) in laneNames.enumerated() {
            chart.rect(x: plot.left, y: plot.top + Double(lane) * laneStep + 1, width: plot.width, height: laneStep - 2,
                       fill: lane % 2 == 0 ? "#F4F4F4" : "#FAFAFA", title: laneSummary(lane, name: name))
            chart.text(name, x: plot.left - 7, y: laneMiddle(lane) + 4, anchor: .end, size: 11)
        }

        // Faults behind everything else: the network's across every lane,
        // a replica's down time on its own lane. Spans run to their real
        // end; the window cuts what is drawn, not what the tooltip says.
        let spans = FaultTimeline.spans(faults, endMicros: max(runEndMicros, windowEndMicros))
        for span in spans where span.startMicros <= windowEndMicros {
            let start = xAt(span.startMicros)
            let end = min(xAt(span.endMicros), plot.right)
            let fill = FaultTimeline.fill(span.kind)
            if span.lane == FaultTimeline.networkLane {
                chart.rect(x: start, y: plot.top, width: max(end - start, 2), height: plot.height, fill: fill, opacity: 0.16,
                           className: "fault-\(span.kind.rawValue)", title: span.title)
            } else if let lane = laneNames.firstIndex(of: span.lane) {
                chart.rect(x: start, y: plot.top + Double(lane) * laneStep + 3, width: max(end - start, 2), height: laneStep - 6,
                           fill: fill, opacity: 0.4, className: "fault-\(span.kind.rawValue)", title: span.title)
            }
        }

        // Messages: one path per kind keeps the page small.
        var delivered: [String] = []
        var lost: [String] = []
        for message in messages {
            let from = SVGPoint(x: xAt(message.sentMicros), y: laneMiddle(message.from))
            let to = SVGPoint(x: xAt(message.arrivedMicros), y: laneMiddle(message.to))
            let segment = "M\(SVGNumber.coordinate(from.x)) \(SVGNumber.coordinate(from.y))L\(SVGNumber.coordinate(to.x)) \(SVGNumber.coordinate(to.y))"
            if message.lost {
                lost.append(segment + "M\(SVGNumber.coordinate(to.x)) \(SVGNumber.coordinate(to.y))" + TimelineDiagram.crossPath)
            } else {
                delivered.append(segment)
            }
        }
        for send in unanswered {
            let from = SVGPoint(x: xAt(send.atMicros), y: laneMiddle(send.lane))
            let toward = (send.peer ?? send.lane) > send.lane ? 1.0 : -1.0
            let tip = SVGPoint(x: from.x + 5, y: from.y + toward * 9)
            lost.append("M\(SVGNumber.coordinate(from.x)) \(SVGNumber.coordinate(from.y))L\(SVGNumber.coordinate(tip.x)) \(SVGNumber.coordinate(tip.y))"
                + "M\(SVGNumber.coordinate(tip.x)) \(SVGNumber.coordinate(tip.y))" + TimelineDiagram.crossPath)
        }
        if !delivered.isEmpty {
            chart.append("<path class=\"msg\" d=\"\(delivered.joined())\" fill=\"none\" stroke=\"\(TimelineDiagram.deliveredColour)\" stroke-opacity=\"0.55\" stroke-width=\"0.9\"/>")
        }
        if !lost.isEmpty {
            chart.append("<path class=\"msg-lost\" d=\"\(lost.joined())\" fill=\"none\" stroke=\"\(TimelineDiagram.lostColour)\" stroke-width=\"1.1\"/>")
        }

        // Saves as ticks; conflicts and dedupe passes as marks with a tooltip.
        let ticks = events.filter { $0.kind == .save }.map { event in
            "M\(SVGNumber.coordinate(xAt(event.atMicros))) \(SVGNumber.coordinate(laneMiddle(event.lane) - 8))v16"
        }
        if !ticks.isEmpty {
            chart.append("<path class=\"save\" d=\"\(ticks.joined())\" stroke=\"\(TimelineDiagram.saveColour)\" stroke-width=\"1.5\"/>")
        }
        for event in events where event.kind == .conflict || event.kind == .dedupePass {
            let isPass = event.kind == .dedupePass
            let name = laneNames.indices.contains(event.lane) ? laneNames[event.lane] : "endpoint \(event.lane + 1)"
            let what = isPass ? "dedupe pass committed \(Prose.count(event.count, "record"))" : Prose.count(event.count, "conflict")
            chart.append("<path class=\"\(isPass ? "pass" : "conflict")\" transform=\"translate(\(SVGNumber.coordinate(xAt(event.atMicros))) \(SVGNumber.coordinate(laneMiddle(event.lane))))\" "
                + "d=\"\(isPass ? TimelineDiagram.squarePath : TimelineDiagram.diamondPath)\" fill=\"\(isPass ? TimelineDiagram.passColour : TimelineDiagram.conflictColour)\" stroke=\"#fff\" stroke-width=\"0.6\">"
                + "<title>\(HTMLPage.escape("\(name) at \(DecimalText.seconds(micros: event.atMicros)) s: \(what)"))</title></path>")
        }

        let xTicks = Ticks.inside(lower: 0, upper: seconds, target: 10).map { (value: $0, label: SVGNumber.tick($0)) }
        let axisEnd = chart.xAxis(x, ticks: xTicks, plot: plot, title: "virtual time (s)")
        let used = chart.legend(legendEntries(spans: spans), left: plot.left, top: axisEnd + 2, width: plot.width)
        chart.height = axisEnd + 2 + used + 4
        return chart.rendered(label: label)
    }

    /// Only what this diagram shows.
    private func legendEntries(spans: [FaultTimeline.Span]) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        let kinds = Set(events.map(\.kind))
        if kinds.contains(.save) {
            entries.append(LegendEntry(label: "local save", mark: .glyph(path: "M0 -7v14", stroke: TimelineDiagram.saveColour, fill: "none")))
        }
        if messages.contains(where: { !$0.lost }) {
            entries.append(LegendEntry(label: "message arrived", mark: .line(SeriesStyle(colour: TimelineDiagram.deliveredColour, dash: ""))))
        }
        if messages.contains(where: \.lost) {
            entries.append(LegendEntry(label: "lost in flight (×)", mark: .glyph(path: "M-12 -4L9 2" + "M9 2" + TimelineDiagram.crossPath,
                                                                              stroke: TimelineDiagram.lostColour, fill: "none")))
        }
        if !unanswered.isEmpty {
            entries.append(LegendEntry(label: "sent, no arrival drawn", mark: .glyph(path: "M-4 -4L1 5M1 5" + TimelineDiagram.crossPath,
                                                                                    stroke: TimelineDiagram.lostColour, fill: "none")))
        }
        if kinds.contains(.conflict) {
            entries.append(LegendEntry(label: "conflict", mark: .glyph(path: TimelineDiagram.diamondPath, stroke: "none", fill: TimelineDiagram.conflictColour)))
        }
        if kinds.contains(.dedupePass) {
            entries.append(LegendEntry(label: "dedupe pass", mark: .glyph(path: TimelineDiagram.squarePath, stroke: "none", fill: TimelineDiagram.passColour)))
        }
        let drawn = spans.filter { $0.startMicros <= windowEndMicros }
        for kind in FaultTimeline.fills where drawn.contains(where: { $0.kind == kind.kind }) {
            entries.append(LegendEntry(label: kind.label, mark: .swatch(fill: kind.fill, opacity: 0.4)))
        }
        return entries
    }

    /// `r1: 3 saves (300 records), 12 messages sent, 10 arrived, 1 lost`.
    private func laneSummary(_ lane: Int, name: String) -> String {
        let mine = events.filter { $0.lane == lane }
        let saves = mine.filter { $0.kind == .save }
        var parts = ["\(Prose.count(saves.count, "save")) (\(Prose.count(saves.map(\.count).reduce(0, +), "record")))",
                     "\(Prose.count(mine.count { $0.kind == .send }, "message")) with changes sent",
                     "\(mine.count { $0.kind == .receive }) arrived",
                     "\(mine.count { $0.kind == .lost }) lost on the way here"]
        let conflicts = mine.filter { $0.kind == .conflict }.map(\.count).reduce(0, +)
        if conflicts > 0 { parts.append(Prose.count(conflicts, "conflict")) }
        let passes = mine.count { $0.kind == .dedupePass }
        if passes > 0 { parts.append(Prose.count(passes, "dedupe pass", plural: "dedupe passes")) }
        return "\(name): " + parts.joined(separator: ", ") + (isCapped ? " (in the window drawn)" : "")
    }
}
