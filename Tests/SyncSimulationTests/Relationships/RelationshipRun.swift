import Foundation
@testable import SyncSimulation
import SyncModel
import SyncScenarioFile

/// Runs a scenario given as text on an engine, and reads what a device's
/// store shows: the live records of an entity by key field, and where a
/// relationship of one points.
struct RelationshipRun {
    let result: RunResult
    let simulation: Simulation

    /// `engine` nil: the file's own (a preset's engine and its settings;
    /// naming one overrides the preset's).
    init(_ text: String, strategy: String, engine: String?, seed: UInt64 = 1) throws {
        let document = try ScenarioFile.parse(Data(text.utf8), file: "t.json5", seed: seed, overrides: [], engine: engine)
        var simulation = try Simulation(scenario: document.scenario, strategy: namedStrategy(strategy), seed: seed)
        result = try simulation.run()
        self.simulation = simulation
    }

    var schema: Schema { simulation.scenario.schema }

    /// The live records of `entity` on `device`, by the value of their
    /// first field (the key field in these tests), sorted.
    func live(_ entity: String, on device: Int) -> [String: Record] {
        let index = schema.entityIndex(entity)!
        var byKey: [String: Record] = [:]
        for record in simulation.nodes[device].store.allRecords() where record.entity == index && record.isLive {
            if case .string(let key)? = record.value(0) { byKey[key] = record }
        }
        return byKey
    }

    /// The key values `relation` of the `entity` record keyed `key` shows
    /// on `device`, sorted (a target that is not live shows as "?").
    func targets(_ entity: String, _ key: String, _ relation: String, on device: Int) -> [String] {
        guard let record = live(entity, on: device)[key] else { return [] }
        let index = schema[record.entity].relationIndex(relation)!
        let store = simulation.nodes[device].store
        return record.targets(of: index, schema: schema).map { id in
            guard let target = store.record(id), target.isLive, case .string(let key)? = target.value(0) else { return "?" }
            return key
        }.sorted()
    }

    /// What the inverse `relation` of the `entity` record keyed `key`
    /// shows on `device`: the keys of the live records pointing at it.
    func inverse(_ entity: String, _ key: String, _ relation: String, on device: Int) -> [String] {
        guard let record = live(entity, on: device)[key] else { return [] }
        let end = schema.inverses(of: record.entity).first { $0.inverse.name == relation }!
        let ownerName = schema[end.owner].name
        return live(ownerName, on: device).filter { $0.value.targets(of: end.relation, schema: schema).contains(record.id) }
            .keys.sorted()
    }

    var deviceCount: Int { simulation.nodes.count }
}

/// A blog: posts have one tag (inverse `posts` on Tag, whose delete rule
/// the test sets) and own files (cascade: a post's files go with it).
func blogSchema(tagRule: String = "nullify", many: Bool = false) -> String {
    """
    schema: { entities: [
      { name: "Post", fields: ["title"], unique: [["title"]],
        relations: { tag: { to: "Tag", many: \(many), inverse: "posts", inverseDeleteRule: "\(tagRule)" },
                     files: { to: "File", deleteRule: "cascade", inverse: "post" } } },
      { name: "Tag", fields: ["name", "colour"], unique: [["name"]] },
      { name: "File", fields: ["path"], unique: [["path"]] },
    ] }
    """
}
