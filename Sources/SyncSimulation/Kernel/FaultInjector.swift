import SyncModel

/// The nemesis: seeded random faults, decided here and carried out by the
/// kernel, which records each one in the fault log.
struct FaultInjector {
    /// What one nemesis round does.
    struct Round {
        /// The partition to start (two groups of endpoints), if any.
        var partition: [[ReplicaID]]?
        /// The running device to crash for one period, if any.
        var crash: ReplicaID?
    }

    private var random: Xoshiro256StarStar

    init(seed: UInt64) {
        random = Xoshiro256StarStar(seed: seed, stream: "nemesis")
    }

    /// One round while no partition stands: maybe split the `endpoints`
    /// in two at random, then maybe crash one of the `running` devices.
    /// (While a partition stands, the round heals it instead and draws
    /// nothing.) The draws are in that order, always.
    mutating func round(_ settings: NemesisSettings, endpoints: Int, running: [Int]) -> Round {
        var round = Round()
        if endpoints > 1 && random.chance(settings.partitionProbability) {
            var side = (0 ..< endpoints).map { _ in random.next(below: 2) == 1 }
            if side.allSatisfy({ $0 }) || !side.contains(true) {
                side[random.index(below: endpoints)].toggle()
            }
            round.partition = [side.indices.filter { side[$0] }, side.indices.filter { !side[$0] }].map { $0.map(ReplicaID.init) }
        }
        round.crash = crashVictim(settings, running: running)
        return round
    }

    /// A round while a partition stands: it heals, and may still crash.
    mutating func crashVictim(_ settings: NemesisSettings, running: [Int]) -> ReplicaID? {
        guard random.chance(settings.crashProbability), !running.isEmpty else { return nil }
        return ReplicaID(running[random.index(below: running.count)])
    }
}
