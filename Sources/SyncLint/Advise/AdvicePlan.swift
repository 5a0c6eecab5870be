import SyncScenarioFile

/// One habit's steps as scenario-file text, built in time order, with
/// what the file says about them: the description and the comments that
/// derive what a strategy does by hand.
struct AdvicePlan {
    /// The `description` member: what happens, in the app's terms.
    var description = ""
    /// Comment lines above `steps`, without the `// `.
    var notes: [String] = []
    /// Devices whose app starts with sync off (`syncOff`).
    var syncOff: [String] = []
    /// The step lines, four spaces in, each ending in a comma.
    private(set) var steps: [String] = []
    /// The latest step's time, so that `until` leaves time to sync after it.
    private(set) var lastMicros: Int64 = 0

    /// `{ at: "2s", ACTION },`; steps are added in time order, and steps
    /// at one instant run in the order added.
    mutating func add(at micros: Int64, _ action: String) {
        precondition(micros >= lastMicros, "steps are added in time order: \(micros) µs after \(lastMicros) µs")
        lastMicros = micros
        steps.append("    { at: \(JSON5Text.quoted(ScenarioFile.durationText(micros))), \(action) },")
    }

    /// A comment among the steps, for the step after it.
    mutating func comment(_ text: String) {
        steps.append("    // \(text)")
    }

    /// `on: "r1"`, `on: ["r2", "r3"]` or `on: "all"` for every device.
    static func on(_ devices: [String], of all: [String]) -> String {
        precondition(!devices.isEmpty, "a step acts on at least one device")
        if devices == all { return "on: \"all\"" }
        return devices.count == 1 ? "on: \(JSON5Text.quoted(devices[0]))" : "on: \(JSON5Text.list(devices))"
    }
}

/// The rows and keys a habit writes to one keyed entity, as scenario text.
extension SchemaWorkload.Keyed {
    /// `{ entity: "Tag", count: 10, values: { name: "name{n}" } }`: the
    /// ``SchemaWorkload/recordsPerEntity`` rows an `import` or a
    /// `seedIfEmpty` makes; fields outside the key are numbered by SyncSim.
    var rowsText: String {
        let values = patterns.map { "\(JSON5Text.key($0.field)): \(JSON5Text.quoted($0.pattern))" }.joined(separator: ", ")
        return "{ entity: \(JSON5Text.quoted(name)), count: \(SchemaWorkload.recordsPerEntity), values: { \(values) } }"
    }

    /// `entity: "Tag", key: { name: "name03" }`: row `number` addressed by
    /// the entity's first key, as the rows made it.
    func addressText(number: Int) -> String {
        // A keyed entity has a key, and a pattern for each of its fields
        // (SchemaWorkload.keyed makes both from one list); a field without
        // one is written with its number alone rather than trapping.
        let members = (keys.first ?? []).map { field in
            let pattern = patterns.first { $0.field == field }?.pattern ?? "\(field){n}"
            let value = KeyValuePattern.value(pattern, number: number, count: SchemaWorkload.recordsPerEntity)
            return "\(JSON5Text.key(field)): \(JSON5Text.quoted(value))"
        }
        return "entity: \(JSON5Text.quoted(name)), key: { " + members.joined(separator: ", ") + " }"
    }

    /// `update: { entity: "Tag", key: { … }, set: { colour: "colour edited on r2" } }`:
    /// a value no other write uses, so a lost edit is never mistaken for a kept one.
    func updateText(number: Int, field: String, device: String) -> String {
        "update: { \(addressText(number: number)), set: { \(JSON5Text.key(field)): \(JSON5Text.quoted("\(field) edited on \(device)")) } }"
    }
}
