import SyncSimulation
import Testing

/// Swarm scenarios run on SQLite stores (an in-memory database per replica,
/// with real `UNIQUE` indexes for `unique:*`) give the same result as on
/// memory stores, figure for figure but the wall time: the store is an
/// implementation detail. SQLiteDifferentialTests does the same for the
/// committed scenario files; the swarm adds crashes, wipes, writers and
/// lossy networks in combinations no file has.
///
/// Every tenth quick case, three strategies each in rotation (every
/// strategy in six or seven cases); with SYNCSIM_RUN_SOAK=1 also 100 soak
/// cases under every strategy. Both runs of a pair check invariants or
/// neither (the count of checks is a figure too): in a quick case the
/// first strategy's pair checks them, the others do not, as checking every
/// event of every run would cost several times more in a debug build.
struct StoreEquivalenceSwarmTests {
    static let quickIndices = Array(stride(from: 3, to: SwarmTests.quickCount, by: 10))

    @Test(arguments: quickIndices)
    func quick(index: Int) {
        let swarm = SwarmScenarioGenerator.make(.quick, index: index)
        for (position, name) in SwarmTests.rotating(index, count: 3).enumerated() {
            Self.compare(swarm, name, checksInvariants: position == 0)
        }
    }

    @Test(.enabled(if: SwarmRun.soakEnabled, "set SYNCSIM_RUN_SOAK=1 to run the store-equivalence soak"), arguments: 0 ..< 100)
    func soak(index: Int) {
        let swarm = SwarmScenarioGenerator.make(.soak, index: index)
        for name in StrategyCatalog.allNames {
            Self.compare(swarm, name, checksInvariants: false)
        }
    }

    /// Every strategy is compared in some quick case.
    @Test func quickCasesCoverEveryStrategy() {
        let names = Set(Self.quickIndices.flatMap { SwarmTests.rotating($0, count: 3) })
        #expect(names == Set(StrategyCatalog.allNames))
    }

    static func compare(_ swarm: SwarmCase, _ name: String, checksInvariants: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let memory = SwarmRun.run(swarm, name, store: .memory, checksInvariants: checksInvariants, sourceLocation: sourceLocation),
              let sqlite = SwarmRun.run(swarm, name, store: .sqliteMemory, checksInvariants: checksInvariants, sourceLocation: sourceLocation)
        else { return }
        let differences = OutcomeFigures.differences(RunFingerprint(memory), RunFingerprint(sqlite), ignoring: [])
        #expect(differences.isEmpty, """
            \(name): sqlite differs from memory (memory ≠ sqlite):
              \(differences.joined(separator: "\n  "))
            \(swarm)
            """, sourceLocation: sourceLocation)
    }
}
