@testable import SyncReport
@testable import SyncSimulation
import SyncModel
import Testing
import TestSupport

/// The timeline view: sends paired with arrivals, what is drawn, and what
/// the page says when it draws less than the run recorded.
struct HTMLTimelineTests {
    typealias Kind = Timeline.Kind

    /// A result whose log is `entries` (time, kind, lane, peer, count),
    /// with `faults`, ending at `endMicros`.
    static func result(_ entries: [(Int64, Kind, Int, Int?, Int)], faults: [FaultEvent] = [], endMicros: Int64 = 1_000) -> RunResult {
        var timeline = Timeline()
        for (time, kind, lane, peer, count) in entries {
            timeline.record(kind, lane: ReplicaID(lane), peer: peer.map(ReplicaID.init), count: count, atMicros: time)
        }
        var copy = HTMLReportTests.defaultReport.results[0]
        copy.timeline = timeline
        copy.faults = FaultLog(faults)
        copy.endMicros = endMicros
        return copy
    }

    /// Saves, a send dropped on the way out, a lost one, a duplicated one.
    static let log: [(Int64, Kind, Int, Int?, Int)] = [
        (0, .save, 0, nil, 3),
        (100, .send, 0, 1, 1),
        (150, .send, 0, 2, 1),
        (200, .receive, 1, 0, 1),
        (300, .send, 1, 0, 1),
        (350, .lost, 0, 1, 1),
        (400, .send, 0, 1, 1),
        (450, .receive, 1, 0, 1),
        (460, .receive, 1, 0, 1),
        (500, .conflict, 2, nil, 2),
        (500, .dedupePass, 0, nil, 1),
    ]

    @Test func arrivalsPairWithTheLatestFreeSendOnTheirLink() {
        let diagram = TimelineDiagram(result: Self.result(Self.log), laneNames: ["r1", "r2", "r3"])
        #expect(diagram.messages == [
            .init(from: 0, to: 1, sentMicros: 100, arrivedMicros: 200, lost: false),
            .init(from: 1, to: 0, sentMicros: 300, arrivedMicros: 350, lost: true),
            .init(from: 0, to: 1, sentMicros: 400, arrivedMicros: 450, lost: false),
            // The network's second copy: no free send left, so the latest.
            .init(from: 0, to: 1, sentMicros: 400, arrivedMicros: 460, lost: false),
        ])
        #expect(diagram.unanswered.map(\.atMicros) == [150], "the send dropped on the way out")
        #expect(!diagram.isCapped)
        // Everything was recorded: the axis runs to the last event.
        #expect(diagram.windowEndMicros == 500)
        #expect(diagram.limits == "Nothing was recorded after 0.0005 s; the run ended at 0.001 s.")
    }

    /// A dropped send never bends a later line: the later send is the
    /// latest free one when its arrival comes.
    @Test func aSendDroppedFirstStaysUnpaired() {
        let (messages, unanswered) = TimelineDiagram.pair(Self.result([
            (0, .send, 0, 1, 1), (100, .send, 0, 1, 1), (150, .receive, 1, 0, 1),
        ]).timeline.events)
        #expect(messages == [.init(from: 0, to: 1, sentMicros: 100, arrivedMicros: 150, lost: false)])
        #expect(unanswered.map(\.atMicros) == [0])
    }

    @Test func theDiagramDrawsLanesMessagesMarksAndFaults() {
        let faults = [FaultEvent(atMicros: 120, .partition([["r1"], ["r2", "r3"]])), FaultEvent(atMicros: 320, .heal(byNemesis: false)),
                      FaultEvent(atMicros: 330, .crash("r3"))]
        let diagram = TimelineDiagram(result: Self.result(Self.log, faults: faults), laneNames: ["r1", "r2", "r3"])
        let svg = diagram.svg(label: "test")
        #expect(svg == diagram.svg(label: "test"))
        let texts = HTMLText.svgTexts(svg)
        for lane in ["r1", "r2", "r3"] { #expect(texts.contains(lane), "lane \(lane)") }
        for key in ["local save", "message arrived", "lost in flight (×)", "sent, no arrival drawn", "conflict", "dedupe pass",
                    "partition (replicas split)", "crash (store kept)"] {
            #expect(texts.contains(key), "legend \(key)")
        }
        #expect(HTMLText.count("<path class=\"msg\" ", in: svg) == 1)
        #expect(HTMLText.count("<path class=\"msg-lost\" ", in: svg) == 1)
        #expect(HTMLText.count("<path class=\"save\" ", in: svg) == 1)
        #expect(svg.contains("<title>r3 at 0.0005 s: 2 conflicts</title>"))
        #expect(svg.contains("<title>r1 at 0.0005 s: dedupe pass committed 1 record</title>"))
        #expect(svg.contains("<title>partition r1 | r2,r3 from 0.00012 s to 0.00032 s</title>"))
        #expect(svg.contains("<title>r3 crashed from 0.00033 s to the end</title>"))
        #expect(svg.contains("<title>r1: 1 save (3 records), 3 messages with changes sent, 0 arrived, 1 lost on the way here, 1 dedupe pass</title>"))
        // Three delivered lines in one path: three moves.
        let delivered = svg.components(separatedBy: "<path class=\"msg\" d=\"")[1].prefix { $0 != "\"" }
        #expect(delivered.filter { $0 == "M" }.count == 3)
    }

    @Test func aLongLogIsCappedAndThePageSaysSo() {
        let entries = (0 ..< 30).map { index in (Int64(index) * 1_000, Kind.save, index % 2, Int?.none, 1) }
        let diagram = TimelineDiagram(result: Self.result(entries, endMicros: 5_000_000), laneNames: ["r1", "r2"], cap: 10)
        #expect(diagram.events.count == 10 && diagram.recorded == 30 && diagram.isCapped)
        #expect(diagram.windowEndMicros == 9_000)
        #expect(diagram.limits == "Drawn: the first 10 of the 30 events recorded, up to 0.009 s (the run ended at 5 s).")
        #expect(HTMLText.count("v16", in: diagram.svg(label: "capped")) == 10)
    }

    @Test func eventsTheRunDidNotKeepAreCounted() {
        let entries = (0 ..< Timeline.cap + 3).map { index in (Int64(index), Kind.save, 0, Int?.none, 1) }
        let result = Self.result(entries, endMicros: 9_000_000)
        #expect(result.timeline.dropped == 3)
        let diagram = TimelineDiagram(result: result, laneNames: ["r1"])
        #expect(diagram.isCapped)
        #expect(diagram.limits.hasSuffix("The run kept only its first \(Timeline.cap) events; 3 later ones were not recorded."))
        // Uncapped drawing of a log the run itself cut short: still said.
        let whole = TimelineDiagram(result: result, laneNames: ["r1"], cap: Timeline.cap)
        #expect(!whole.isCapped)
        #expect(whole.limits == "The run kept only its first \(Timeline.cap) events; 3 later ones were not recorded.")
    }

    @Test func captionSecondsAreRoundedToTheMillisecond() {
        #expect(TimelineDiagram.secondsText(micros: 2_146_319) == "2.146")
        #expect(TimelineDiagram.secondsText(micros: 5_000_000) == "5")
        #expect(TimelineDiagram.secondsText(micros: 9_000) == "0.009")
        #expect(TimelineDiagram.secondsText(micros: 500) == "0.0005")
    }

    @Test func endpointsBeyondTheScenarioNamesGetALane() {
        let diagram = TimelineDiagram(result: Self.result([(0, .send, 0, 2, 1), (10, .receive, 2, 0, 1)]), laneNames: ["r1", "r2"])
        #expect(diagram.laneNames == ["r1", "r2", "endpoint 3"])
        let empty = TimelineDiagram(result: Self.result([], endMicros: 0), laneNames: ["r1"])
        #expect(empty.windowEndMicros == 1_000)
        #expect(!empty.svg(label: "empty").contains("NaN"))
    }

    @Test func thePageHasOneSectionPerStrategyWithTheWorstOpen() {
        let report = HTMLReportTests.defaultReport
        let page = report.html()
        #expect(HTMLText.count("<details", in: page) == report.results.count)
        #expect(HTMLText.count("<details open>", in: page) == 1)
        let worst = ReportFindings.worstByDuplicates(report.results)!
        #expect(page.contains("<details open>\n<summary><strong>\(report.results[worst].strategy)</strong>"))
        #expect(page.contains("<h2 id=\"timeline\">Timeline</h2>"))
        #expect(HTMLText.count("<figure class=\"wide\">", in: page) == report.results.count)
    }

    @Test func theCloudKitServerHasTheLastLane() throws {
        let report = try #require(ScenarioReports.all.first { $0.scenario.engine.name == "cloudkit" && $0.scenario.preset == nil })
        let names = report.scenario.replicaNames
        #expect(names.count == report.scenario.replicaCount + 1)
        let page = report.html()
        #expect(HTMLText.svgTexts(page).contains(names[names.count - 1]))
        #expect(page.contains("one lane per endpoint (\(Prose.list(names))). "))
        #expect(names.last == "server")
        #expect(report.results[0].timeline.events.contains { $0.lane == names.count - 1 }, "the server's own events")
    }
}
