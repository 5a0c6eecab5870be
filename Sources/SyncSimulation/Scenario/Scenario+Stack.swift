import SyncModel

/// Running a scenario on another stack: another engine, another topology.
///
/// A scenario's endpoints are its named devices, then at most one endpoint
/// its stack adds: the hub of a hub topology (a device named `hub`) or the
/// engine's server (CloudKit's `server`, not a device). A stack never adds
/// both, since a hub topology goes with the peer engine only. The named
/// devices keep their places under any stack, so moving a scenario to
/// another stack changes only that last endpoint, and only what names it
/// can stop making sense.
extension Scenario {
    /// What names an endpoint that the new stack does not have.
    public struct EndpointRefusal: Error, Sendable, Equatable {
        /// Where the scenario names it.
        public enum Place: Sendable, Equatable {
            /// `steps[index]`: an index into ``Scenario/steps``.
            case step(Int)
            /// A link's settings (``Scenario/links``).
            case link
            /// The endpoint's own clock, set away from exact time.
            case clock
            /// The endpoint's first app version, set away from the first.
            case appVersion
        }

        /// The endpoint's name: `hub`, `server`.
        public let endpoint: String
        /// Where the scenario names it.
        public let place: Place
    }

    /// The endpoint the stack adds after the named devices, if any: the
    /// hub of a hub topology or the engine's server.
    public var stackEndpoint: ReplicaID? { hub ?? server }

    /// The name of ``stackEndpoint``, if any.
    public var stackEndpointName: String? { stackEndpoint.map { replicaNames[$0.index] } }

    /// The name of the endpoint `engine` with `topology` adds: `hub`, the
    /// engine's server (`server`), or none.
    public static func stackEndpointName(engine: any EngineConfiguration, topology: Topology) -> String? {
        topology == .hub ? "hub" : engine.serverName
    }

    /// This scenario run by `configuration`'s engine with `topology`: the
    /// named devices stay as they are; the hub or server the old stack
    /// added goes, and the new stack's comes (a hub with an exact clock and
    /// the first app version). A step, link, clock or app version that
    /// names the endpoint that goes is refused, as a file naming it under
    /// the new stack would be. The preset, variants and `hubRunsAppCode`
    /// are the caller's to set.
    public func running(engine configuration: any EngineConfiguration, topology newTopology: Topology) throws(EndpointRefusal) -> Scenario {
        precondition(newTopology != .hub || configuration.serverName == nil, "a hub topology goes with an engine without a server")
        let oldEndpoint = stackEndpointName
        let newEndpoint = Self.stackEndpointName(engine: configuration, topology: newTopology)
        var copy = self
        guard oldEndpoint != newEndpoint else {
            copy.useEngine(configuration)
            copy.topology = newTopology
            return copy
        }
        if let old = stackEndpoint, let oldEndpoint {
            if let place = placeNaming(old) { throw EndpointRefusal(endpoint: oldEndpoint, place: place) }
            if hub != nil {
                copy.replicaNames.removeLast()
                copy.clocks.removeLast()
                if !copy.startingVersions.isEmpty { copy.startingVersions.removeLast() }
            }
        }
        copy.topology = newTopology
        copy.useEngine(configuration)
        if newTopology == .hub {
            precondition(!copy.replicaNames.contains("hub"), "'hub' is reserved for a hub topology's hub")
            copy.replicaNames.append("hub")
            copy.clocks.append(PhysicalClock())
            if !copy.startingVersions.isEmpty { copy.startingVersions.append(0) }
        }
        return copy
    }

    /// The first place that names `endpoint`, in steps, links, clocks and
    /// app versions order; nil when nothing does.
    private func placeNaming(_ endpoint: ReplicaID) -> EndpointRefusal.Place? {
        if let index = steps.firstIndex(where: { $0.action.endpoints.contains(endpoint) }) { return .step(index) }
        if links.keys.contains(where: { $0.from == endpoint || $0.to == endpoint }) { return .link }
        if endpoint.index < clocks.count, clocks[endpoint.index] != PhysicalClock() { return .clock }
        if endpoint.index < startingVersions.count, startingVersions[endpoint.index] != 0 { return .appVersion }
        return nil
    }
}

extension StepAction {
    /// True when running the action may wipe a device's store: a crash
    /// that wipes (a reinstall), or an upgrade to a version whose migration
    /// resets the store when it fails.
    public func mayWipe(versions: [AppVersion]) -> Bool {
        switch self {
        case .crash(_, let wipe): wipe
        case .upgrade(_, let version): versions[version].migration == .reset
        default: false
        }
    }

    /// Every endpoint the action names (`partitionEach` names none: it
    /// counts the endpoints when it runs).
    public var endpoints: [ReplicaID] {
        switch self {
        case .partition(let groups): groups.flatMap { $0 }
        case .cut(let from, let to): from + to
        case .partitionEach, .heal, .nemesis: []
        case .intent(let replica, _), .writers(let replica, _, _), .crash(let replica, _), .restart(let replica),
             .seedIfEmpty(let replica, _, _), .importInBatches(let replica, _), .enableSync(let replica), .upgrade(let replica, _):
            [replica]
        case .randomInWindows(let plan): plan.targets
        case .drawn(.random(_, let targets, _)), .drawn(.importRows(_, let targets)): targets
        }
    }
}
