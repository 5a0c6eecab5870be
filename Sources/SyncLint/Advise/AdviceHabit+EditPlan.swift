import SyncScenarioFile

/// The habits that edit records every device already holds: they create
/// each record once, on r1, so they make no duplicate under any strategy;
/// what differs is which edits survive.
extension AdviceHabit {
    /// As Scenarios/offline-field-edits.json5, on every device: r1 creates
    /// the records at 0 s; at S, when all hold them, every device goes
    /// offline; device i edits the first records at S + i·T/(N+1), each a
    /// field of its own where the entity has enough (device i takes field
    /// (i−1) mod F), every edit at a different instant; at S + T, online.
    /// The latest edit of each field is the one to keep: a per-field merge
    /// keeps them all; a whole-record rule keeps the last device's record.
    func offlineEditsPlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let devices = workload.devices
        let editing = keyed.filter { !$0.editable.isEmpty }
        let synced = AdviceScenarioWriter.syncedMicros
        let edited = AdviceScenarioWriter.editedRecords
        plan.description = "r1 creates \(Self.rows(editing)), which sync to every device; then the \(devices.count) devices go offline "
            + "for \(Self.duration(workload.offlineMicros)) and each edits the first \(edited) of \(Self.them(editing)), one after another, "
            + "a different field where there are enough; then all go online."
        plan.notes = ["By hand: each record is created once, so no strategy makes a duplicate. Every edit has its own instant, so the",
                      "latest edit of each field is the one to keep: a per-field merge (crdt) keeps them all."]
        plan.notes += Self.fixedNote(keyed)
        for entity in editing {
            plan.add(at: 0, "on: \"r1\", import: \(entity.rowsText)")
        }
        plan.add(at: synced, "partition: \"each\"")
        for (index, device) in devices.enumerated() {
            let at = synced + workload.offlineMicros * Int64(index + 1) / Int64(devices.count + 1)
            for entity in editing {
                let field = entity.editable[index % entity.editable.count]
                for number in 1 ... edited {
                    plan.add(at: at, "on: \(JSON5Text.quoted(device)), \(entity.updateText(number: number, field: field, device: device))")
                }
            }
        }
        plan.add(at: synced + workload.offlineMicros, "heal: true")
        return plan
    }

    /// As Scenarios/delete-while-editing.json5: r1 creates the records at
    /// 0 s; at S r2 goes offline; it edits records 1 … E at S + T/4, r1
    /// deletes records 1 … 2E at S + T/2, and r2 edits records E+1 … 2E at
    /// S + 3T/4, after the deletes it has not seen; at S + T, online.
    func deleteWhileEditingPlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let editing = keyed.filter { !$0.editable.isEmpty }
        let synced = AdviceScenarioWriter.syncedMicros
        let edited = AdviceScenarioWriter.editedRecords
        let offline = workload.offlineMicros
        precondition(2 * edited <= SchemaWorkload.recordsPerEntity, "the deleted records are among those created")
        plan.description = "r1 creates \(Self.rows(editing)), which sync to every device; then r2 goes offline for \(Self.duration(offline)) "
            + "and edits \(2 * edited) of \(Self.them(editing)) while r1 deletes them: r2's first \(edited) edits come before the deletes, "
            + "its last \(edited) after, unseen; then r2 goes online."
        plan.notes = ["By hand: an edit made before a delete must not bring its record back (resurrected 0); an edit made after it",
                      "is lost with the record where the delete wins (deleteVsEdit), or brings it back where the edit wins."]
        plan.notes += Self.fixedNote(keyed)
        for entity in editing {
            plan.add(at: 0, "on: \"r1\", import: \(entity.rowsText)")
        }
        plan.comment("Only r2 goes offline: r1's deletes reach every other device at once.")
        plan.add(at: synced, "partition: [[\"r2\"]]")
        for entity in editing {
            for number in 1 ... edited {
                plan.add(at: synced + offline / 4, "on: \"r2\", \(entity.updateText(number: number, field: entity.editable[0], device: "r2"))")
            }
        }
        for entity in editing {
            for number in 1 ... 2 * edited {
                plan.add(at: synced + offline / 2, "on: \"r1\", delete: { \(entity.addressText(number: number)) }")
            }
        }
        for entity in editing {
            for number in edited + 1 ... 2 * edited {
                plan.add(at: synced + offline * 3 / 4, "on: \"r2\", \(entity.updateText(number: number, field: entity.editable[0], device: "r2"))")
            }
        }
        plan.add(at: synced + offline, "heal: true")
        return plan
    }

    /// A note naming the keyed entities with nothing to edit, if any.
    private static func fixedNote(_ keyed: [SchemaWorkload.Keyed]) -> [String] {
        let fixed = keyed.filter(\.editable.isEmpty).map(\.name)
        guard !fixed.isEmpty else { return [] }
        return ["\(SchemaWorkload.sentenceList(fixed)) \(fixed.count == 1 ? "has" : "have") no field outside \(fixed.count == 1 ? "its key" : "their keys"): "
            + "nothing to edit, so the habit leaves \(fixed.count == 1 ? "it" : "them") out."]
    }
}
