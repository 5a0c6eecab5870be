/// The workload as scenario-file text: steps, expectations and the
/// comments that explain them to the user who edits the file.
extension SchemaWorkload {
    /// The members after `schema`, two spaces in: the workload and what it
    /// expects, or with no keyed entity, how to get one. `unkeyed` are the
    /// entities the workload leaves out.
    func memberLines(unkeyed: [String]) -> [String] {
        guard !entities.isEmpty else {
            return [
                "  // No entity has a natural key, so SyncSim cannot tell a duplicate from a new record. Name one",
                "  // (simulate lint MODEL --key ENTITY.FIELD --write-schema FILE, or unique: [[\"field\"]] above)",
                "  // for a workload that makes duplicates, or add steps of your own (Scenarios/README.md, \"Steps\").",
            ]
        }
        let width = String(Self.recordsPerEntity).count
        var lines = ["  // The workload, on the entities with a natural key (\(Self.sentenceList(entities.map(\.name)))), \(Self.recordsPerEntity) records each:"
            + " {n} is the record's number, \(String(repeating: "0", count: width - 1))1 … \(Self.recordsPerEntity)."]
        if !unkeyed.isEmpty {
            lines.append("  // \(Self.sentenceList(unkeyed)) \(unkeyed.count == 1 ? "has" : "have") no natural key, so the workload leaves \(unkeyed.count == 1 ? "it" : "them") out.")
        }
        return lines + stepLines() + expectLines()
    }

    private func stepLines() -> [String] {
        var lines = [
            "  steps: [",
            "    // 1. First launch offline: r1 and r2 import the same server response (or seed the same",
            "    //    defaults: seedIfEmpty takes the same members) before either can sync.",
            "    { at: \"0s\", partition: \"each\" },",
        ]
        lines += entities.map { "    { at: \"0s\", on: [\"r1\", \"r2\"], import: \(importText($0)) }," }
        lines += [
            "    // They sync; r3, a device the user sets up later, is not online yet.",
            "    { at: \"1s\", partition: [[\"r3\"]] },",
            "    // 2. The late device: r3 imports the same records before its first sync brings the others'.",
        ]
        lines += entities.map { "    { at: \"2s\", on: \"r3\", import: \(importText($0)) }," }
        lines += [
            "    { at: \"3s\", heal: true },",
            "    // 3. Offline edits of the same records on two devices, r2's later: last-writer-wins per record keeps",
            "    //    r2's version whole, losing r1's edit where they edit different fields (lostWrites).",
            "    { at: \"4s\", partition: \"each\" },",
        ]
        let fixed = entities.filter(\.editable.isEmpty).map(\.name)
        if !fixed.isEmpty {
            lines.append("    // \(Self.sentenceList(fixed)) \(fixed.count == 1 ? "has" : "have") no field outside \(fixed.count == 1 ? "its key" : "their keys"): nothing to edit.")
        }
        for (device, at) in [("r1", "4200ms"), ("r2", "4500ms")] {
            for entity in entities {
                // r1 edits the first field outside the key, r2 the last: one field when there is one.
                guard let field = device == "r1" ? entity.editable.first : entity.editable.last else { continue }
                for number in 1 ... Self.editedRecords {
                    lines.append("    { at: \"\(at)\", on: \"\(device)\", update: { entity: \(JSON5Text.quoted(entity.name)), key: \(keyText(entity, number: number)), "
                        + "set: { \(JSON5Text.key(field)): \(JSON5Text.quoted("\(field) edited on \(device)")) } } },")
                }
            }
        }
        lines += ["    { at: \"5s\", heal: true },", "  ],"]
        return lines
    }

    private func expectLines() -> [String] {
        let count = Self.recordsPerEntity
        let perEntity = count * (Self.deviceCount - 1)
        return [
            "  expect: [",
            "    // lww: every import makes a new record of each key, so every device ends with \(Self.deviceCount) records of each",
            "    // of the \(count) keys: \(perEntity) duplicates per keyed entity, \(lwwDuplicatesFinal) for \(Self.sentenceList(entities.map(\.name))).",
            "    // r1 and r2 make \(count) per entity; r3 makes \(count) more because it imports before its first sync.",
            "    // The edits add none.",
            "    { strategy: \"lww\", metric: \"duplicates.final\", equals: \(lwwDuplicatesFinal) },",
            "    // dedupe fetches by key before it inserts, but each device imports into a store without the",
            "    // others' records; its pass removes the copies once they arrive (at least \(count) at once when",
            "    // r1 and r2 first sync; more when the entities' change sets arrive before one pass).",
            "    { strategy: \"dedupe\", metric: \"duplicates.final\", equals: 0 },",
            "    { strategy: \"dedupe\", metric: \"duplicates.peak\", min: \(count) },",
            "    // crdt derives a record's id from its key: every import of a key is one record, and it",
            "    // merges edits field by field, keeping each field's latest edit.",
            "    { strategy: \"crdt\", metric: \"duplicates.final\", equals: 0 },",
            "    { strategy: \"crdt\", metric: \"lostWrites\", equals: 0 },",
            "  ],",
        ]
    }

    /// `A`, `A and B`, `A, B and C`.
    static func sentenceList(_ names: [String]) -> String {
        guard let last = names.last, names.count >= 2 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    private func importText(_ entity: Keyed) -> String {
        let values = entity.patterns.map { "\(JSON5Text.key($0.field)): \(JSON5Text.quoted($0.pattern))" }.joined(separator: ", ")
        return "{ entity: \(JSON5Text.quoted(entity.name)), count: \(Self.recordsPerEntity), values: { \(values) } }"
    }

    /// `{ uuid: "…01" }`: record `number`'s first key, as the import made it.
    private func keyText(_ entity: Keyed, number: Int) -> String {
        let members = entity.keys[0].map { field in
            let pattern = entity.patterns.first { $0.field == field }!.pattern
            return "\(JSON5Text.key(field)): \(JSON5Text.quoted(KeyValuePattern.value(pattern, number: number, count: Self.recordsPerEntity)))"
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }
}
