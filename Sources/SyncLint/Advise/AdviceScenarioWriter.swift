import SyncScenarioFile

/// Writes each habit of an app (``AdviceHabit``) as a scenario file over
/// the app's own model: the schema `simulate lint --write-schema` writes
/// (``ScenarioSchemaWriter``), the user's devices and network
/// (``AdviceWorkload``), and steps that replay the habit the way the
/// scenarios in `Scenarios/` do, on every entity with a natural key.
///
/// A file names no `strategies`, no `expect` and no `preset`: advise runs
/// it under every option, and `simulate run FILE --preset P --strategies S`
/// replays any of its numbers.
public enum AdviceScenarioWriter {
    /// When a device first launches: 10 ms in, before its first sync round
    /// (every 100 ms) can have brought anything (first-launch-seeding.json5).
    static let firstLaunchMicros: Int64 = 10_000
    /// When what one device saved at the start has reached every other
    /// device: 20 sync rounds of 100 ms, enough on a network that drops
    /// some messages.
    static let syncedMicros: Int64 = 2_000_000
    /// How long `until` leaves after the last step for sync to finish; a
    /// run that quiesces ends sooner.
    static let settleMicros: Int64 = 60_000_000
    /// Records each editing habit edits per entity, as the lint workload does.
    static let editedRecords = SchemaWorkload.editedRecords

    /// One scenario per habit, in the order of `habits` (default: every
    /// habit the model makes possible, ``AdviceHabit/possible(in:keys:)``).
    /// `source` is the path advise read, named in each file's first
    /// comment; `keys` are the natural keys (default: the model's own
    /// unique constraints). A habit named whose need the model does not
    /// meet is an error saying what it needs. `schemaLines` replace the
    /// `schema` member written from the model: a scenario file's own
    /// (``SyncScenarioFile/ScenarioAdviceBlock/schemaMemberLines(_:file:)``),
    /// relationships and all.
    public static func scenarios(for model: DataModel, source: String, keys: SchemaKeys? = nil, habits: [AdviceHabit]? = nil,
                                 workload: AdviceWorkload, schemaLines: [String]? = nil) throws(AdviceWorkloadError) -> [AdviceScenario] {
        let keys = keys ?? SchemaKeys(model: model)
        let habits = habits ?? AdviceHabit.possible(in: model, keys: keys)
        var scenarios: [AdviceScenario] = []
        for habit in habits {
            if let unmet = habit.unmetNeed(in: model, keys: keys) {
                throw AdviceWorkloadError(.habitNotPossible, option: AdviceHabit.option,
                                          argument: habits.map(\.rawValue).joined(separator: ","), unmet)
            }
            scenarios.append(AdviceScenario(habit: habit, fileName: "advise-\(habit.rawValue).\(ScenarioFile.fileExtension)",
                                            text: text(habit, model: model, source: source, keys: keys, workload: workload,
                                                                      schemaLines: schemaLines)))
        }
        return scenarios
    }

    /// The synced entities with a natural key, in model order, as the lint
    /// workload takes them; the first key of each addresses its edits.
    static func keyedEntities(of model: DataModel, keys: SchemaKeys) -> [SchemaWorkload.Keyed] {
        model.entities.filter(\.isSynced).compactMap { entity in
            let declared = keys.keys(of: entity).keys
            return declared.isEmpty ? nil : SchemaWorkload.Keyed(entity, keys: declared)
        }
    }

    /// The file for `habit`, which the model must make possible.
    static func text(_ habit: AdviceHabit, model: DataModel, source: String, keys: SchemaKeys, workload: AdviceWorkload,
                     schemaLines: [String]? = nil) -> String {
        let keyed = keyedEntities(of: model, keys: keys)
        precondition(habit.unmetNeed(in: model, keys: keys) == nil, "\(habit.rawValue) is not possible in \(model.name)")
        let plan = habit.plan(keyed: keyed, workload: workload)
        let unkeyed = model.entities.filter { $0.isSynced && keys.keys(of: $0).keys.isEmpty }.map(\.name)
        var lines = [
            "// A SyncSim scenario written by simulate advise from \(source): the habit \(JSON5Text.quoted(habit.rawValue))",
            "// on the entities of \(model.name) with a natural key (it needs \(habit.need)).",
            "// It names no stack, strategy or expectation: advise runs it under each option.",
            "// Replay one: simulate run FILE --preset PRESET --strategies STRATEGY --seed SEED",
            "{",
            "  name: \(JSON5Text.quoted("advise-\(habit.rawValue)")),",
            "  description: \(JSON5Text.quoted(plan.description)),",
            "  replicas: \(workload.deviceCount),  // r1 … r\(workload.deviceCount): devices of one user",
            "  until: \(JSON5Text.quoted(ScenarioFile.durationText(plan.lastMicros + settleMicros))),",
            "  network: { drop: \(workload.dropText) },",
        ]
        if !plan.syncOff.isEmpty {
            lines.append("  syncOff: \(JSON5Text.list(plan.syncOff)),")
        }
        // The `schema` member exactly as `lint --write-schema` writes it, or as the scenario file gives it.
        lines += schemaLines ?? ScenarioSchemaWriter.schemaMemberLines(for: model, keys: keys)
        let records = SchemaWorkload.recordsPerEntity
        lines.append("  // {n} is a record's number, \(String(repeating: "0", count: String(records).count - 1))1 … \(records).")
        if !unkeyed.isEmpty {
            lines.append("  // \(SchemaWorkload.sentenceList(unkeyed)) \(unkeyed.count == 1 ? "has" : "have") no natural key, so the habit leaves \(unkeyed.count == 1 ? "it" : "them") out.")
        }
        lines += plan.notes.map { "  // \($0)" }
        lines.append("  steps: [")
        lines += plan.steps
        lines += ["  ],", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
