import SyncSimulation

let n = Int(CommandLine.arguments.dropFirst().first ?? "5") ?? 5
let scenario = DefaultScenario.make(replicas: n, seed: 1)
for name in StrategyCatalog.defaultNames {
    let r = Simulation.run(scenario: scenario, strategy: StrategyCatalog.strategy(named: name)!, seed: 1)
    print(name, r.duplicates, r.diverged, r.convergenceMicros as Any, r.rejected, r.lostWrites, r.network.sent, r.events, r.endMicros, r.quiesced, r.missedChanges, r.wallSeconds)
}
