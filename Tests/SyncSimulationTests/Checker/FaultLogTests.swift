import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing

/// A run's fault log keeps its first ``FaultLog/cap`` faults and counts
/// every one, so that a nemesis striking every microsecond holds steady
/// memory while its totals stay exact (issue 29).
struct FaultLogTests {
    /// Two replicas and a nemesis every `every` until `nemesisUntil` that
    /// always partitions or heals and always crashes a running replica.
    static func storm(every: String, nemesisUntil: String, until: String = "60s") throws -> Scenario {
        try ScenarioFile.parse(Data("""
            { name: "fault-storm", replicas: 2, until: "\(until)", steps: [
              { at: "0s", nemesis: { every: "\(every)", until: "\(nemesisUntil)", partition: 1, crash: 1 } },
            ] }
            """.utf8), file: "fault-storm.json5").scenario
    }

    /// Every 1 ms for 3 s is 3,000 ticks, at 0 to 2,999 ms. Each heals the
    /// partition the one before made, or makes one: 1,500 of each. Each
    /// crashes a replica, which restarts at the next tick: 3,000 of each,
    /// the last restart at 3 s. A tick after the first records a restart,
    /// a partition or heal, a crash, in that order (the restart was
    /// scheduled first). So the first 1,000 faults are tick 0's two, three
    /// for each of ticks 1 to 332, and tick 333's restart and heal; its
    /// crash, at 333 ms, is the first not kept.
    @Test func aNemesisEveryMillisecondForThreeSecondsKeepsTheFirstThousandOfItsNineThousandFaults() throws {
        let result = Simulation.run(scenario: try Self.storm(every: "1ms", nemesisUntil: "3s"), strategy: namedStrategy("lww"), seed: 1)
        let faults = result.faults
        #expect(faults.total == 9_000)
        #expect(FaultEvent.Kind.allCases.map { faults.count(of: $0) } == [1_500, 0, 1_500, 3_000, 0, 3_000])
        #expect(faults.isCapped)
        #expect(faults.events.count == FaultLog.cap)
        #expect(faults.dropped == 8_000)
        #expect(faults.firstDroppedMicros == 333_000)
        #expect(faults.events.prefix(5).map(\.kind) == [.partition, .crash, .restart, .heal, .crash])
        #expect(faults.events.suffix(2).map(\.kind) == [.restart, .heal])
        #expect(faults.events.last?.atMicros == 333_000)
    }

    /// What a run keeps for its reports is the same size after 200,000
    /// events as after 20,000: the fault log, the timeline and the series
    /// stay within their caps while the faults counted grow tenfold.
    @Test func whatARunKeepsForItsReportsStaysTheSameSizeWhenItRunsTenTimesLonger() throws {
        var kept: [[Int]] = []
        var counted: [Int] = []
        for maxEvents in [20_000, 200_000] {
            var scenario = try Self.storm(every: "1us", nemesisUntil: "3650d", until: "3650d")
            scenario.maxEvents = maxEvents
            let result = Simulation.run(scenario: scenario, strategy: namedStrategy("lww"), seed: 1, checksInvariants: false)
            #expect(result.events == maxEvents)
            #expect(result.faults.events.count <= FaultLog.cap)
            #expect(result.timeline.events.count <= Timeline.cap)
            #expect(result.series.worst.count <= DuplicateSeries.maxBuckets)
            kept.append([result.faults.events.count, result.timeline.events.count, result.series.worst.count])
            counted.append(result.faults.total)
        }
        #expect(kept[0] == kept[1])
        #expect(kept[1][0] == FaultLog.cap)
        #expect(counted[1] > 9 * counted[0], "faults counted: \(counted)")
    }

    /// A complete log prints as the array it once was, so that every run
    /// fingerprint (Golden/Runs) reads as before; a capped one says what
    /// it did not keep.
    @Test func aCompleteLogPrintsAsItsEventsAndACappedOneAddsItsCounts() {
        let heal = FaultEvent(atMicros: 5, .heal(byNemesis: false))
        let complete: FaultLog = [heal]
        #expect(String(reflecting: complete) == String(reflecting: [heal]))
        #expect(!complete.isCapped && complete.total == 1 && complete.dropped == 0 && complete.firstDroppedMicros == nil)

        let capped = FaultLog((0 ... FaultLog.cap).map { FaultEvent(atMicros: Int64($0), $0 == FaultLog.cap ? .wipe("") : .heal(byNemesis: false)) })
        #expect(capped.events.count == FaultLog.cap && capped.total == FaultLog.cap + 1)
        #expect(capped.count(of: .wipe) == 1 && capped.count(of: .heal) == FaultLog.cap)
        #expect(String(reflecting: capped).hasSuffix(
            " + 1 more from atMicros \(FaultLog.cap) (partition 0, cut 0, heal \(FaultLog.cap), crash 0, wipe 1, restart 0)"))
    }
}
