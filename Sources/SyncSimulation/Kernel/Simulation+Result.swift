/// The run's end: the observer closes its time integrals and assembles the
/// result from what every component holds (``RunEnd``).
extension Simulation {
    mutating func result(quiesced: Bool, stoppedAt: RunResult.Stop?, wallSeconds: Double) -> RunResult {
        observer.close(quiesced: quiesced, atMicros: nowMicros)
        return observer.result(RunEnd(
            scenario: scenario, strategy: strategy, nodes: nodes, devices: devices, engine: engine, network: network,
            race: writers.race, invariantChecks: invariants?.checks ?? 0, events: events, endMicros: nowMicros,
            quiesced: quiesced, stoppedAt: stoppedAt, wallSeconds: wallSeconds))
    }
}
