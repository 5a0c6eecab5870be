import SyncModel

/// The rules of the app's own code on one device: whether it runs the
/// app's code at all, the delete rules on import, and the dedupe pass.
///
/// App code runs on devices. A peer hub is your own server: it runs the
/// app's code only when the scenario says so (`hubRunsAppCode`); CloudKit's
/// server never does, and is no device.
struct AppRules {
    /// Whether this device runs the app's code at all.
    let runsAppCode: Bool
    /// `deleteRulesOnImport`: delete rules run on what an import left
    /// pointing at a deleted record.
    let deleteRulesOnImport: Bool
    /// The strategy runs a dedupe pass after the store changes.
    let runsDedupePass: Bool
    /// How long after a change the pass runs.
    let dedupeDelayMicros: Int64

    init(scenario: Scenario, strategy: any Strategy, device: ReplicaID) {
        runsAppCode = device != scenario.hub || scenario.hubRunsAppCode
        deleteRulesOnImport = scenario.deleteRulesOnImport
        runsDedupePass = strategy.runsDedupePass
        dedupeDelayMicros = scenario.dedupeDelayMicros
    }
}

/// What the app's code asks the kernel to do, in order.
enum AppAction {
    /// The app saved changes of its own, which sync; `deletedByRules` when
    /// delete rules made them (the checker's truth learns of the deletes).
    case save([Record], deletedByRules: Bool)
    /// An event of the app's own (a pass, a wake-up) at a time.
    case schedule(Simulation.Event, atMicros: Int64)
}
