import SyncScenarioFile

/// Each habit's steps, as the example scenarios in `Scenarios/` replay it,
/// with the figures of the two extremes derived by hand: random record ids
/// and no dedupe (`lww`), and ids derived from the key (`crdt`, `keyid`).
///
/// K is ``SchemaWorkload/recordsPerEntity`` (10), N the devices, T the
/// offline duration, S ``AdviceScenarioWriter/syncedMicros`` (2 s).
extension AdviceHabit {
    /// The habit on `keyed`, the entities with a natural key (at least one,
    /// with a field to edit where the habit edits).
    func plan(keyed: [SchemaWorkload.Keyed], workload: AdviceWorkload) -> AdvicePlan {
        precondition(!keyed.isEmpty, "\(rawValue) needs \(need)")
        switch self {
        case .seeding: return seedingPlan(keyed, workload)
        case .import: return importPlan(keyed, workload)
        case .offlineEdits: return offlineEditsPlan(keyed, workload)
        case .reinstall: return reinstallPlan(keyed, workload)
        case .lateDevice: return lateDevicePlan(keyed, workload)
        case .deleteWhileEditing: return deleteWhileEditingPlan(keyed, workload)
        }
    }

    /// 0 s: every device offline; 10 ms: each launches and seeds, its store
    /// empty; T: online. lww: N copies of each key, K·(N−1) duplicates per
    /// entity.
    private func seedingPlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let n = workload.deviceCount
        plan.description = "Each of the \(n) devices seeds the same \(Self.rows(keyed)) on first launch, while offline and before its first sync; "
            + "all go online \(Self.duration(workload.offlineMicros)) in."
        plan.notes = Self.copiesNote(copies: n)
        plan.add(at: 0, "partition: \"each\"")
        plan.comment("First launch: each device's store holds none yet, so each seeds.")
        for entity in keyed {
            plan.add(at: AdviceScenarioWriter.firstLaunchMicros, "on: \"all\", seedIfEmpty: \(entity.rowsText)")
        }
        plan.add(at: workload.offlineMicros, "heal: true")
        return plan
    }

    /// As Scenarios/default.json5: 0 s, every device offline imports the
    /// same rows; T: online. lww: K·(N−1) duplicates per entity.
    private func importPlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let n = workload.deviceCount
        plan.description = "Each of the \(n) devices imports the same server response of \(Self.rows(keyed)) while offline; "
            + "all go online \(Self.duration(workload.offlineMicros)) in."
        plan.notes = Self.copiesNote(copies: n)
        plan.add(at: 0, "partition: \"each\"")
        for entity in keyed {
            plan.add(at: 0, "on: \"all\", import: \(entity.rowsText)")
        }
        plan.add(at: workload.offlineMicros, "heal: true")
        return plan
    }

    /// As Scenarios/reinstall-and-reseed.json5: r1 seeds at 10 ms; the
    /// others launch at S, hold r1's records and seed nothing; at 2S the
    /// last device is reinstalled and seeds again at once. lww: K
    /// duplicates per entity. The offline duration plays no part: the
    /// reinstalled device seeds before its first sync round anyway.
    private func reinstallPlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let devices = workload.devices
        // AdviceWorkload holds at least two devices; none would be a plan without steps, not a trap.
        guard let last = devices.last else { return plan }
        let synced = AdviceScenarioWriter.syncedMicros
        plan.description = "r1 seeds \(Self.rows(keyed)) on first launch; the other devices launch once those have synced and seed nothing; "
            + "at \(Self.duration(2 * synced)) \(last)'s app is deleted and installed again, and it seeds again before its first sync."
        plan.notes = ["By hand: random record ids (lww) keep \(last)'s second copy of every key: \(SchemaWorkload.recordsPerEntity) duplicates per entity;",
                      "ids derived from the key (crdt, keyid) make the same records again."]
        for entity in keyed {
            plan.add(at: AdviceScenarioWriter.firstLaunchMicros, "on: \"r1\", seedIfEmpty: \(entity.rowsText)")
        }
        for entity in keyed {
            plan.add(at: synced, "\(AdvicePlan.on(Array(devices.dropFirst()), of: devices)), seedIfEmpty: \(entity.rowsText)")
        }
        plan.comment("Reinstalled: the store and sync state are gone, and the app seeds at launch.")
        plan.add(at: 2 * synced, "on: \(JSON5Text.quoted(last)), reinstall: true")
        for entity in keyed {
            plan.add(at: 2 * synced, "on: \(JSON5Text.quoted(last)), seedIfEmpty: \(entity.rowsText)")
        }
        return plan
    }

    /// As Scenarios/enable-sync.json5: r1 seeds at 10 ms; at S the others
    /// launch and seed nothing, while the last device, its sync off, seeds
    /// its own copies and at S + T/2 edits the first records; at S + T it
    /// turns sync on. lww: K duplicates per entity; a dedupe pass that
    /// keeps another copy loses the late device's edits.
    private func lateDevicePlan(_ keyed: [SchemaWorkload.Keyed], _ workload: AdviceWorkload) -> AdvicePlan {
        var plan = AdvicePlan()
        let devices = workload.devices
        guard let late = devices.last else { return plan }
        let synced = AdviceScenarioWriter.syncedMicros
        let editing = keyed.filter { !$0.editable.isEmpty }
        plan.syncOff = [late]
        plan.description = "r1 seeds \(Self.rows(keyed)) on first launch and the other devices sync them; \(late) starts using the app "
            + "with sync off, seeds the same records" + (editing.isEmpty ? "" : " and edits \(AdviceScenarioWriter.editedRecords) of \(Self.them(editing))")
            + ", and turns sync on \(Self.duration(workload.offlineMicros)) later."
        plan.notes = ["By hand: random record ids (lww) keep \(late)'s copy of every key beside r1's: \(SchemaWorkload.recordsPerEntity) duplicates per entity;",
                      "ids derived from the key (crdt, keyid) merge the copies; a dedupe pass that keeps r1's copy loses \(late)'s edits."]
        for entity in keyed {
            plan.add(at: AdviceScenarioWriter.firstLaunchMicros, "on: \"r1\", seedIfEmpty: \(entity.rowsText)")
        }
        let middle = Array(devices.dropFirst().dropLast())
        plan.comment("Later launches: " + (middle.isEmpty ? "" : "\(SchemaWorkload.sentenceList(middle)) \(middle.count == 1 ? "holds" : "hold") r1's records and seed nothing; ")
            + "\(late), with sync off, holds none and seeds.")
        for entity in keyed {
            plan.add(at: synced, "\(AdvicePlan.on(middle + [late], of: devices)), seedIfEmpty: \(entity.rowsText)")
        }
        for entity in editing {
            for number in 1 ... AdviceScenarioWriter.editedRecords {
                plan.add(at: synced + workload.offlineMicros / 2,
                         "on: \(JSON5Text.quoted(late)), \(entity.updateText(number: number, field: entity.editable[0], device: late))")
            }
        }
        plan.add(at: synced + workload.offlineMicros, "on: \(JSON5Text.quoted(late)), enableSync: true")
        return plan
    }

    /// The note of the habits where every device makes its own copy of
    /// every key.
    private static func copiesNote(copies: Int) -> [String] {
        let records = SchemaWorkload.recordsPerEntity
        return ["By hand: every device makes new records, so random record ids (lww) leave \(copies) records of each key on every",
                "device: \(records)·\(copies - 1) = \(records * (copies - 1)) duplicates per entity; ids derived from the key (crdt, keyid) make one record of each."]
    }

    /// `10 Tag records`, `10 records each of Tag and Note`.
    static func rows(_ keyed: [SchemaWorkload.Keyed]) -> String {
        let count = SchemaWorkload.recordsPerEntity
        return keyed.count == 1 ? "\(count) \(keyed[0].name) records" : "\(count) records each of \(SchemaWorkload.sentenceList(keyed.map(\.name)))"
    }

    /// `them` for one entity's records, `each` for several entities'.
    static func them(_ entities: [SchemaWorkload.Keyed]) -> String {
        entities.count == 1 ? "them" : "each"
    }

    /// `2 s`, `1500 ms`: a duration as scenario files write it, spaced as
    /// prose writes it.
    static func duration(_ micros: Int64) -> String {
        let text = ScenarioFile.durationText(micros)
        let digits = text.prefix { $0.isNumber || $0 == "." }
        return digits + " " + text.dropFirst(digits.count)
    }
}
