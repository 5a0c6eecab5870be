import SyncModel
import SyncScenarioFile
import SyncSimulation
import Testing

/// The fingerprint the determinism tests compare must see every figure but
/// the wall time, or "identical" would mean less than it says.
struct RunFingerprintTests {
    @Test func coversEveryFigureButWallTime() {
        let result = Simulation.run(scenario: DefaultScenario.make(replicas: 2, seed: 1), strategy: namedStrategy("lww"), seed: 1)
        let labels = RunFingerprint(result).figures.map { String($0.prefix { $0 != "=" }) }
        let all = Mirror(reflecting: result).children.compactMap(\.label)
        #expect(labels == all.filter { !RunFingerprint.excluded.contains($0) })
        #expect(labels.contains("duplicates") && labels.contains("convergenceMicros") && labels.contains("events"))
    }

    @Test func differsWhenAFigureDiffers() {
        var result = Simulation.run(scenario: DefaultScenario.make(replicas: 2, seed: 1), strategy: namedStrategy("lww"), seed: 1)
        let before = RunFingerprint(result)
        result.wallSeconds += 1
        #expect(RunFingerprint(result) == before)
        result.network.bytes += 1
        #expect(RunFingerprint(result) != before)
    }
}
