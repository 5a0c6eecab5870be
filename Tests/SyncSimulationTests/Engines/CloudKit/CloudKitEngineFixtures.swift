import Foundation
import SyncModel
@testable import SyncSimulation
@testable import SyncScenarioFile
import SyncStore

/// Scenarios for the cloudkit engine over the fixture schema on a reliable
/// network (1 ms delay, nothing lost), so outcomes can be worked out by hand.
enum CloudKitEngineFixtures {
    static func scenario(devices: Int, settings: CloudKitEngineSettings = CloudKitEngineSettings(),
                         clocks: [PhysicalClock]? = nil, steps: [Step]) -> Scenario {
        var scenario = ScenarioFixtures.scenario(replicas: devices, clocks: clocks, steps: steps)
        scenario.useEngine(settings)
        return scenario
    }

    /// The server's endpoint in a scenario of `devices` devices.
    static func server(_ devices: Int) -> ReplicaID { ReplicaID(devices) }

    /// Runs `scenario` and returns the result and the simulation after it,
    /// to read the devices' stores and the server.
    static func run(_ scenario: Scenario, strategy: String, seed: UInt64 = 1) throws -> (RunResult, Simulation) {
        var simulation = try Simulation(scenario: scenario, strategy: namedStrategy(strategy), seed: seed)
        let result = try simulation.run()
        return (result, simulation)
    }

    /// The value of `field` in the record a fetch by `key` returns on each device.
    static func values(_ simulation: Simulation, key: NaturalKey, field: Int) -> [FieldValue?] {
        simulation.nodes.map { node in
            node.store.liveRecordIDs(holding: key).first.flatMap { node.store.record($0)?.value(field) }
        }
    }

    static func engine(_ simulation: Simulation) -> CloudKitEngine {
        simulation.engine as! CloudKitEngine
    }

    /// Parses a scenario file's text.
    static func parse(_ text: String) throws -> Scenario {
        try ScenarioFile.parse(Data(text.utf8), file: "t.json5").scenario
    }
}

/// One cloudkit engine with its devices' apps and a hand-driven network:
/// every message goes where the test says, when it says, so a test can
/// order a device's fetch and modify as it likes.
struct CloudKitHarness {
    var engine: CloudKitEngine
    var nodes: [ReplicaNode]
    var nowMicros: Int64 = 0
    /// Messages sent and not yet delivered or dropped, in sending order.
    var inFlight: [Envelope] = []

    init(devices: Int, strategy: String, settings: CloudKitEngineSettings = CloudKitEngineSettings(),
         deleteVsEdit: DeleteVsEdit = .arrivalOrder) {
        let strategy = namedStrategy(strategy)
        engine = CloudKitEngine(deviceCount: devices, schema: Fixtures.schema, settings: settings, requestTimeoutMicros: 1_000_000,
                                checksInvariants: true, deleteVsEdit: deleteVsEdit)
        nodes = (0 ..< devices).map { index in
            ReplicaNode(id: ReplicaID(index), strategy: strategy,
                        store: MemoryStore(schema: Fixtures.schema, enforcesUniqueness: strategy.enforcesUniqueness),
                        clock: PhysicalClock(), seed: 1, app: AppSettings(editsRevive: deleteVsEdit.editsRevive))
        }
    }

    var server: CloudKitServer { engine.server }

    mutating func advance(byMicros micros: Int64 = 1_000) {
        nowMicros += micros
    }

    /// Runs an intent on a device and hands its changes to the engine.
    mutating func perform(_ intent: Intent, on device: Int) {
        advance()
        guard case .saved(let changes) = nodes[device].perform(intent, atMicros: nowMicros) else {
            preconditionFailure("intent \(intent) was not saved")
        }
        collect(engine.committed(changes, on: &nodes[device], atMicros: nowMicros))
    }

    /// A device's sync round: its fetch and modify (if any) join the flight.
    mutating func tick(_ device: Int) {
        advance()
        var random = Xoshiro256StarStar(seed: 1, stream: "unused")
        collect(engine.syncTick(&nodes[device], random: &random, atMicros: nowMicros))
    }

    /// Delivers the first message in flight that matches, and what it sends back joins the flight.
    mutating func deliver(where matches: (Envelope) -> Bool) {
        guard let index = inFlight.firstIndex(where: matches) else { preconditionFailure("no such message in flight") }
        let envelope = inFlight.remove(at: index)
        advance()
        collect(envelope.to.index < nodes.count ? engine.receive(envelope, at: &nodes[envelope.to.index], atMicros: nowMicros)
                                                : engine.receiveAtServer(envelope, atMicros: nowMicros))
    }

    /// Delivers everything in flight, replies included, in order.
    mutating func deliverAll() {
        while !inFlight.isEmpty { deliver { _ in true } }
    }

    /// Drops every message in flight (a network failure).
    mutating func dropAll() {
        inFlight.removeAll()
    }

    /// A full round for `device`: its requests and their answers.
    mutating func sync(_ device: Int) {
        tick(device)
        deliverAll()
    }

    private mutating func collect(_ actions: [EngineAction]) {
        for action in actions {
            if case .send(let message, let from, let to) = action { inFlight.append(Envelope(from: from, to: to, message: message)) }
        }
    }

    static func isModify(_ envelope: Envelope) -> Bool {
        if case .modify = envelope.message as? CloudKitMessage { return true }
        return false
    }

    static func isModifyResult(_ envelope: Envelope) -> Bool {
        if case .modifyResult = envelope.message as? CloudKitMessage { return true }
        return false
    }

    static func isFetch(_ envelope: Envelope) -> Bool {
        if case .fetch = envelope.message as? CloudKitMessage { return true }
        return false
    }
}
