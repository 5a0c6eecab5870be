import SyncModel
import SyncScenarioFile
@testable import SyncSimulation
import Testing

/// A save of some keys (the `changedKeys` policy) leaves the server's other
/// keys as they were, so the record CloudKit answers with can hold another
/// device's keys the device did not send. The device meets that version in
/// its next fetch as one it has not seen, merged against what it sent
/// (docs/MODEL.md, "Order and keys of a sync round"). Before, having met
/// its change tag in the answer, the device never took those keys.
struct CloudKitSavedRecordTests {
    static let ann = ScenarioFileTesting.emailKey("ann@example.com")
    static let name = 1
    static let city = 2

    /// r1 creates ann with a name, no city; it syncs to r2. Offline, r1
    /// sets the city "Oslo" and r2 renames ann "Bea". r1 exports first; r2
    /// exports before it imports (exportFirst): on NSPersistentCloudKitContainer
    /// it writes every attribute its record holds (N3), the name and not
    /// the city it never set, so the server keeps "Oslo". Every replica ends
    /// with "Bea" and "Oslo" under `lww:field`, nothing lost, nothing
    /// diverged.
    static let text = """
        {
          name: "saved-record-keeps-other-keys", replicas: ["r1", "r2"], preset: "nspckc",
          cloudkit: { syncOrder: "exportFirst" }, network: { delay: ["1ms", "1ms"] }, until: "30s",
          steps: [
            { at: "0s", on: "r1", create: { entity: "User", fields: { email: "ann@example.com", name: "Ann" } } },
            { at: "2s", partition: [["server"]] },
            { at: "2200ms", on: "r1", update: { entity: "User", key: { email: "ann@example.com" }, set: { city: "Oslo" } } },
            { at: "2500ms", on: "r2", update: { entity: "User", key: { email: "ann@example.com" }, set: { name: "Bea" } } },
            { at: "3s", partition: [["r2"]] },
            { at: "4s", heal: true },
          ],
        }
        """

    /// Without the fix r2 kept a null city for good: diverged 1.
    @Test func aDeviceTakesTheKeysItDidNotSendFromItsSavedRecord() throws {
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(Self.text), strategy: "lww:field")
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.name) == Self.everyone(simulation, .string("Bea")))
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.city) == Self.everyone(simulation, .string("Oslo")))
        #expect(result.lostWrites.total == 0)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    /// Under `lww` an edit writes every field with one stamp, the unset
    /// city too, so r2's rename clears r1's city everywhere: one lost write.
    @Test func aWholeRecordEditWritesTheKeyItNeverSet() throws {
        let (result, simulation) = try CloudKitEngineFixtures.run(try CloudKitEngineFixtures.parse(Self.text), strategy: "lww")
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.name) == Self.everyone(simulation, .string("Bea")))
        #expect(CloudKitEngineFixtures.values(simulation, key: Self.ann, field: Self.city) == Self.everyone(simulation, nil))
        #expect(result.lostWrites.total == 1)
        #expect(result.diverged == 0)
        #expect(result.quiesced)
    }

    static func everyone(_ simulation: Simulation, _ value: FieldValue?) -> [FieldValue?] {
        Array(repeating: value, count: simulation.nodes.count)
    }
}
