import SyncModel
import SyncSimulation

/// `versions`, `appVersion` and the `upgrade` step: an app whose model
/// gains unique constraints from one version to the next.
extension ScenarioParser {
    static let versionKeys = ["schema", "migration"]

    /// `versions: { v1: { schema }, v2: { schema, migration } }`, oldest
    /// first in name order (digits compare as numbers: v2 before v10).
    /// Returns them with the schema every duplicate is counted by: the
    /// last version's. Versions may differ only in whether they declare
    /// its unique keys, and once one does every later one does.
    func parseVersions(_ node: Node) throws(ScenarioFileError) -> (versions: [AppVersion], schema: Schema) {
        let members = try node.dictionary().sorted { Self.naturalOrder($0.key, $1.key) }
        guard members.count >= 2 else { throw node.error("expected at least two versions, such as { v1: { schema: … }, v2: { schema: … } }") }
        var schemas: [Schema] = []
        var objects: [ObjectNode] = []
        for (_, versionNode) in members {
            let object = try versionNode.object(allowed: Self.versionKeys, required: ["schema"])
            schemas.append(try parseSchema(object.required("schema")))
            objects.append(object)
        }
        let last = schemas.last!
        guard !last.allUniqueKeys.isEmpty else {
            throw members.last!.node.error("the last version declares no unique key: there would be nothing to count duplicates by")
        }
        var versions: [AppVersion] = []
        for (index, (name, _)) in members.enumerated() {
            let schema = schemas[index]
            guard Self.withoutUniqueKeys(schema) == Self.withoutUniqueKeys(last) else {
                throw objects[index].required("schema").error("versions may differ only in their unique keys; \(name) has other entities, fields or relations than \(members.last!.key)")
            }
            let declares = schema == last
            guard declares || schema.allUniqueKeys.isEmpty else {
                throw objects[index].required("schema").error("\(name) declares some of \(members.last!.key)'s unique keys: a version declares all of them or none")
            }
            if let previous = versions.last, previous.declaresUniqueKeys && !declares {
                throw objects[index].required("schema").error("\(name) drops the unique keys \(previous.name) declares: SyncSim models adding constraints, not removing them")
            }
            var migration = AppVersion.Migration.lightweight
            if let migrationNode = objects[index]["migration"] {
                guard index > 0 else { throw migrationNode.error("the first version is installed, not migrated to: 'migration' goes on later versions") }
                migration = try parseChoice(migrationNode, as: AppVersion.Migration.self)!
            }
            versions.append(AppVersion(name: name, declaresUniqueKeys: declares, migration: migration))
        }
        return (versions, last)
    }

    /// `appVersion: { r1: "v1", r2: "v2" }`: the version each device starts
    /// on; devices not named start on the first.
    func parseAppVersions(_ node: Node?, versions: [AppVersion]) throws(ScenarioFileError) -> [Int] {
        var starting = Array(repeating: 0, count: deviceNames.count)
        guard let node else { return starting }
        guard !versions.isEmpty else { throw node.error("'appVersion' needs 'versions'") }
        for (name, versionNode) in try node.dictionary() {
            let device = try device(node.child(name, .string(name)))
            starting[device.index] = try version(versionNode, in: versions)
        }
        return starting
    }

    /// The index of the version a node names.
    func version(_ node: Node, in versions: [AppVersion]) throws(ScenarioFileError) -> Int {
        let name = try node.nonEmptyString()
        guard let index = versions.firstIndex(where: { $0.name == name }) else {
            throw node.error(versions.isEmpty ? "'upgrade' needs 'versions'"
                                              : "unknown version '\(Echo.text(name))'; versions: \(versions.map(\.name).joined(separator: ", "))")
        }
        return index
    }

    /// Every upgrade moves its device to a later version than the one it
    /// runs by then.
    func checkUpgrades(_ upgrades: [(at: Int64, order: Int, node: Node, action: StepAction)]) throws(ScenarioFileError) {
        var running = startingVersions
        for upgrade in upgrades.sorted(by: { ($0.at, $0.order) < ($1.at, $1.order) }) {
            guard case .upgrade(let device, let version) = upgrade.action else { continue }
            guard version > running[device.index] else {
                throw upgrade.node.error("\(replicaNames[device.index]) runs \(versions[running[device.index]].name) by then: an upgrade goes to a later version")
            }
            running[device.index] = version
        }
    }

    /// The schema with every unique key taken out: what versions share.
    static func withoutUniqueKeys(_ schema: Schema) -> Schema {
        Schema(entities: schema.entities.map { entity in
            EntitySchema(name: entity.name, fields: entity.fields, uniqueKeys: [], relations: entity.relations)
        })
    }

    /// Name order with runs of digits compared as numbers.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        func parts(_ text: String) -> [(String, Int?)] {
            var result: [(String, Int?)] = []
            var current = ""
            var digits = false
            for character in text {
                if character.isASCII && character.isNumber != digits && !current.isEmpty {
                    result.append((current, digits ? Int(current) : nil))
                    current = ""
                }
                digits = character.isASCII && character.isNumber
                current.append(character)
            }
            if !current.isEmpty { result.append((current, digits ? Int(current) : nil)) }
            return result
        }
        for (x, y) in zip(parts(a), parts(b)) where x.0 != y.0 {
            if let m = x.1, let n = y.1, m != n { return m < n }
            return x.0 < y.0
        }
        return a.count < b.count
    }
}
