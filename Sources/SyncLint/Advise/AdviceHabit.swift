/// One of an app's habits that advise turns into a scenario
/// (``AdviceScenarioWriter``): what the app does on its users' devices
/// that decides which stack and strategy keeps their data whole. The raw
/// value is the name `--habits` takes, in reports and file names too.
///
/// Each habit writes to the entities with a natural key only: without a
/// key SyncSim cannot address a record in an edit or a delete, nor tell a
/// duplicate from a new record. ``need`` says what else a habit needs.
public enum AdviceHabit: String, CaseIterable, Sendable {
    /// Every device inserts default records at first launch, before its
    /// first sync (`seedIfEmpty`, Scenarios/first-launch-seeding.json5).
    case seeding
    /// Every device saves the same server response while offline
    /// (`import`, Scenarios/default.json5).
    case `import`
    /// Records created once sync everywhere; then the devices edit them
    /// offline (Scenarios/offline-field-edits.json5).
    case offlineEdits = "offline-edits"
    /// A device's app is deleted and installed again and seeds at once,
    /// before its first sync (Scenarios/reinstall-and-reseed.json5).
    case reinstall
    /// A device used with sync off turns it on after the others have
    /// synced (`syncOff`, `enableSync`; Scenarios/enable-sync.json5).
    case lateDevice = "late-device"
    /// One device deletes records while another, offline, edits them
    /// (Scenarios/delete-while-editing.json5).
    case deleteWhileEditing = "delete-while-editing"

    /// Whether the habit edits a field outside the key, so it needs an
    /// entity that has one.
    var editsFields: Bool {
        switch self {
        case .offlineEdits, .deleteWhileEditing: true
        case .seeding, .import, .reinstall, .lateDevice: false
        }
    }

    /// What the model must have for the habit, in words.
    public var need: String {
        editsFields ? "an entity with a natural key and a stored field outside the key to edit" : "an entity with a natural key"
    }

    /// Why the model cannot have the habit, or nil when it can; `keys` are
    /// the natural keys advise uses.
    public func unmetNeed(in model: DataModel, keys: SchemaKeys) -> String? {
        let keyed = AdviceScenarioWriter.keyedEntities(of: model, keys: keys)
        if keyed.isEmpty {
            return "\(rawValue) needs \(need), and no entity of \(model.name) has a natural key; name one with --key ENTITY.FIELD"
        }
        if editsFields, keyed.allSatisfy(\.editable.isEmpty) {
            let names = SchemaWorkload.sentenceList(keyed.map(\.name))
            return "\(rawValue) needs \(need), and \(names) \(keyed.count == 1 ? "has" : "have") no field outside the key"
        }
        return nil
    }

    /// Every habit the model makes possible, in declaration order: the
    /// default of `--habits`. None when no entity has a natural key.
    public static func possible(in model: DataModel, keys: SchemaKeys) -> [AdviceHabit] {
        allCases.filter { $0.unmetNeed(in: model, keys: keys) == nil }
    }
}
