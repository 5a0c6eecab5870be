/// One sync engine as a scenario chose it: its name, its settings, the
/// network endpoint it adds, and how to build it for a run. One type per
/// engine, in the engine's folder, listed once in ``EngineCatalog``.
public protocol EngineConfiguration: Sendable {
    /// The name a user types: `peer`, `cloudkit`.
    var name: String { get }
    /// The reserved name of the endpoint the engine adds that is not a
    /// device (CloudKit's server), appended to the scenario's replica names;
    /// nil when every endpoint is a device.
    var serverName: String? { get }
    /// The settings, for reports, in a fixed order.
    var settings: [EngineSetting] { get }
    /// The engine for one run of `scenario` (its devices are the first
    /// ``Scenario/replicaCount`` endpoints; the server, if any, is the last).
    func makeEngine(scenario: Scenario, checksInvariants: Bool) -> any SyncEngine
    /// The delete-versus-edit policy of a scenario that names none: the
    /// engine's behaviour before the setting existed.
    var defaultDeleteVsEdit: DeleteVsEdit { get }
    /// Whether the app this engine stands for saves local edits over
    /// whatever its store holds (``AppSettings/localSavesOverwrite``).
    var localSavesOverwrite: Bool { get }
    /// Whether a strategy that promises convergence still does over this
    /// engine: false when the engine's own merge can leave devices apart
    /// for good (``CloudKitConflict/Policy/keepsConvergencePromise``).
    var keepsConvergencePromise: Bool { get }
}

extension EngineConfiguration {
    /// Tombstones win over the edits they did not see.
    public var defaultDeleteVsEdit: DeleteVsEdit { .deleteWins }
    /// The app saves through its store's merge, unless an engine says otherwise.
    public var localSavesOverwrite: Bool { false }
    /// The engine's merge keeps a strategy's promise, unless an engine says otherwise.
    public var keepsConvergencePromise: Bool { true }
}

/// One setting of an engine, as reports print it.
public struct EngineSetting: Hashable, Sendable {
    /// A setting's value: text, a whole number or a flag.
    public enum Value: Hashable, Sendable {
        case text(String)
        case int(Int)
        case bool(Bool)
    }

    /// The setting's name, as a scenario file writes it.
    public let name: String
    /// The setting's value.
    public let value: Value

    /// The setting `name` with `value`.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }

    /// The value as a scenario file writes it.
    public var valueText: String {
        switch value {
        case .text(let text): text
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}
