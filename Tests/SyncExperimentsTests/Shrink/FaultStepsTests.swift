@testable import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing

/// A nemesis's recorded faults written back as steps.
struct FaultStepsTests {
    static let document = try! JSON5Value.parse("""
    { name: "x", replicas: ["a", "b", "c"], steps: [
      { at: "0s", on: "a", import: { entity: "User", count: 2 } },
      { at: "100ms", crash: "c" },
      { at: "0s", nemesis: { every: "300ms", until: "1s", partition: 0.5 } },
      { at: "400ms", restart: "c" },
    ] }
    """)

    @Test func theNemesisFaultsBecomeStepsAndTheFilesOwnAreNotRepeated() throws {
        let timeline: FaultLog = [
            FaultEvent(atMicros: 0, .partition([["a", "c"], ["b"]])),
            FaultEvent(atMicros: 100_000, .crash("c")),
            FaultEvent(atMicros: 300_000, .heal(byNemesis: true)),
            FaultEvent(atMicros: 400_000, .restart("c")),
            FaultEvent(atMicros: 600_000, .wipe("a")),
            FaultEvent(atMicros: 900_000, .restart("a")),
        ]
        let written = try #require(FaultSteps.materialise(Self.document, timeline: timeline))
        #expect(written.steps.map(\.inline) == [
            #"{ at: "0s", on: "a", import: { entity: "User", count: 2 } }"#,
            #"{ at: "100ms", crash: "c" }"#,
            #"{ at: "400ms", restart: "c" }"#,
            #"{ at: "0s", partition: [["a", "c"], ["b"]] }"#,
            #"{ at: "300ms", heal: true }"#,
            #"{ at: "600ms", crash: "a", wipe: true }"#,
            #"{ at: "900ms", restart: "a" }"#,
        ])
    }

    /// A file's own one-way cut is recognised as the fault it records, so
    /// it is not written twice; a recorded cut becomes a `cut` step.
    @Test func aCutRoundTrips() throws {
        let document = try JSON5Value.parse(#"""
        { name: "x", replicas: ["a", "b", "c"], steps: [
          { at: "0s", cut: { from: "a", to: ["b", "c"] } },
          { at: "0s", nemesis: { every: "100ms", until: "200ms", partition: 0.5 } },
        ] }
        """#)
        let cut = FaultEvent(atMicros: 0, .cut(from: ["a"], to: ["b", "c"]))
        let written = try #require(FaultSteps.materialise(document, timeline: [cut, FaultEvent(atMicros: 200_000, .heal(byNemesis: false))]))
        #expect(written.steps.map(\.inline) == [
            #"{ at: "0s", cut: { from: "a", to: ["b", "c"] } }"#,
            #"{ at: "200ms", heal: true }"#,
        ])
        #expect(FaultSteps.step(for: FaultEvent(atMicros: 0, .cut(from: ["a"], to: ["z"])), replicaNames: ["a", "b"]) == nil)
    }

    @Test func aDetailThatDoesNotNameReplicasIsNotWritten() {
        #expect(FaultSteps.materialise(Self.document, timeline: [FaultEvent(atMicros: 0, .partition([["a", "z"], ["b"]]))]) == nil)
        #expect(FaultSteps.materialise(Self.document, timeline: [FaultEvent(atMicros: 0, .crash("z"))]) == nil)
    }

    /// A capped log (``FaultLog``) does not say what came after its first
    /// faults: none are written out, and they are not known to be over.
    @Test func aCappedTimelineIsNotWrittenOutNorKnownToBeOver() {
        let faults = (0 ... FaultLog.cap).map { FaultEvent(atMicros: Int64($0) * 1_000, $0 % 2 == 0 ? .partition([["a", "c"], ["b"]]) : .heal(byNemesis: false)) }
        let capped = FaultLog(faults)
        #expect(capped.isCapped)
        #expect(FaultSteps.materialise(Self.document, timeline: capped) == nil)
        #expect(!FaultSteps.allOver(capped))
        // Its first faults alone, ending with a heal, are a complete log that is over.
        let complete = FaultLog(capped.events)
        #expect(FaultSteps.materialise(Self.document, timeline: complete) != nil)
        #expect(FaultSteps.allOver(complete))
    }

    @Test func removingAReplicaRemovesItsMentions() throws {
        let document = try JSON5Value.parse("""
        { name: "x", replicas: 3, clocks: { r2: { skew: "1s" } }, steps: [
          { at: "0s", partition: [["r1"], ["r2"]] },
          { at: "0s", on: ["r2", "r3"], import: { entity: "User", count: 2 } },
          { at: "1s", crash: "r2" },
          { at: "2s", on: "r2", delete: { entity: "User", key: { email: "e" } } },
          { at: "3s", on: "all", import: { entity: "User", count: 1 } },
        ] }
        """)
        let without = try #require(document.removingReplica("r2"))
        #expect(without.inline == #"{ name: "x", replicas: ["r1", "r3"], steps: [{ at: "0s", partition: [["r1"]] }, { at: "0s", on: ["r3"], import: { entity: "User", count: 2 } }, { at: "3s", on: "all", import: { entity: "User", count: 1 } }] }"#)
        #expect(try #require(document.removingReplica("r3"))["replicas"] == .int(2))
        #expect(document.removingReplica("hub") == nil)
        #expect(DocumentSize(of: document).importedRecords == 2 * 2 + 1 * 3)
    }
}
