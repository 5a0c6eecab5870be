import SyncModel
import SyncSimulation

extension ScenarioParser {
    static let actionKeys = ["partition", "cut", "heal", "import", "create", "update", "delete", "link", "random", "seedIfEmpty",
                             "reinstall", "enableSync", "upgrade", "crash", "restart", "nemesis"]
    static let intentActions: Set<String> = ["import", "create", "update", "delete", "link", "random", "seedIfEmpty", "reinstall", "enableSync", "upgrade"]
    /// The intents that concurrent `writers` can run.
    static let writerActions: Set<String> = ["import", "create", "update", "delete", "link"]

    /// The timeline, stably sorted by time, so steps at one instant run in
    /// the order the file lists them, with each step's place in the file.
    /// A workload step the seed draws stays data (``WorkloadDraw``) until a
    /// run draws it (``Scenario/drawingWorkload(seed:)``), which the places
    /// keep in the file's order. `nodes` holds each step's node, for
    /// ``checkAddressedKeysAreCreated(_:)``, which runs after the size check.
    mutating func parseSteps(_ node: Node?) throws(ScenarioFileError) -> (steps: [Step], places: [Int], nodes: [Node]) {
        guard let node else { return ([], [], []) }
        var places: [Int] = []
        var steps: [Step] = []
        var faults: [(at: Int64, order: Int, node: Node, action: StepAction)] = []
        var upgrades: [(at: Int64, order: Int, node: Node, action: StepAction)] = []
        let stepNodes = try node.array()
        for (index, stepNode) in stepNodes.enumerated() {
            let expanded = try parseStep(stepNode, index: index)
            steps += expanded
            places += Array(repeating: index, count: expanded.count)
            for step in expanded {
                switch step.action {
                case .crash, .restart: faults.append((step.atMicros, faults.count, stepNode, step.action))
                case .upgrade: upgrades.append((step.atMicros, upgrades.count, stepNode, step.action))
                default: break
                }
            }
        }
        try checkCrashesAndRestarts(faults)
        try checkUpgrades(upgrades)
        let ordered = Array(zip(steps, places)).stableSorted { $0.0.atMicros < $1.0.atMicros }
        return (ordered.map(\.0), ordered.map(\.1), ordered.map { stepNodes[$0.1] })
    }

    /// `User { email: "ann@example.com" }`: a key as errors and outputs name it.
    func keyText(_ key: NaturalKey) -> String {
        let entity = schema[key.uniqueKey.entity]
        let pairs = zip(entity.uniqueKeys[key.uniqueKey.key], key.values).map { field, value in
            if case .string(let text) = value { return "\(entity.fields[field]): \"\(text)\"" }
            return "\(entity.fields[field]): \(value)"
        }
        return "\(entity.name) { \(pairs.joined(separator: ", ")) }"
    }

    /// A restart needs a replica that is down; a crash one that is up.
    private func checkCrashesAndRestarts(_ faults: [(at: Int64, order: Int, node: Node, action: StepAction)]) throws(ScenarioFileError) {
        var down: Set<ReplicaID> = []
        let ordered = faults.sorted { ($0.at, $0.order) < ($1.at, $1.order) }
        for fault in ordered {
            switch fault.action {
            case .crash(let replica, _):
                guard down.insert(replica).inserted else {
                    throw fault.node.error("crash of '\(Echo.text(replicaNames[replica.index]))', which is already down at \(DurationText.text(fault.at))")
                }
            case .restart(let replica):
                guard down.remove(replica) != nil else {
                    throw fault.node.error("restart of '\(Echo.text(replicaNames[replica.index]))', which is not down at \(DurationText.text(fault.at))")
                }
            default:
                break
            }
        }
    }

    private mutating func parseStep(_ node: Node, index: Int) throws(ScenarioFileError) -> [Step] {
        let object = try node.object(allowed: ["at", "on", "wipe", "writers"] + Self.actionKeys, required: ["at"])
        let at = try object.required("at").duration()
        guard at < untilMicros else {
            throw object.required("at").error("\(DurationText.text(at)) is not before the end of the run (until: \(DurationText.text(untilMicros))), so this step would never run")
        }
        let actions = object.keys.filter { Self.actionKeys.contains($0) }
        guard actions.count == 1 else {
            throw node.error(actions.isEmpty
                ? "a step needs one action: \(Self.actionKeys.joined(separator: ", "))"
                : "a step takes one action, found \(actions.map { Echo.text($0) }.joined(separator: " and "))")
        }
        let action = actions[0]
        let actionNode = object.required(action)
        if Self.intentActions.contains(action) {
            guard object["on"] != nil else { throw node.error("'\(Echo.text(action))' needs 'on': \"all\", a replica name or a list of names") }
        } else if let on = object["on"] {
            throw on.error("'on' goes with intents (\(Self.intentActions.sorted().joined(separator: ", "))), not with '\(Echo.text(action))'")
        }
        if let wipe = object["wipe"], action != "crash" { throw wipe.error("'wipe' goes with 'crash' only") }
        var writers: Int?
        if let writersNode = object["writers"] {
            guard Self.writerActions.contains(action) else {
                throw writersNode.error("'writers' goes with import, create, update, delete and link, not with '\(Echo.text(action))'")
            }
            writers = Int(try writersNode.int(in: 1 ... 1_000))
        }
        var targets: [ReplicaID] = []
        if let on = object["on"] { targets = try self.targets(on) }

        switch action {
        case "partition":
            if case .string("each") = actionNode.value { return [Step(atMicros: at, .partitionEach)] }
            return [Step(atMicros: at, .partition(try parsePartition(actionNode)))]
        case "cut":
            let cut = try actionNode.object(allowed: ["from", "to"], required: ["from", "to"])
            return [Step(atMicros: at, .cut(from: try self.targets(cut.required("from"), anyEndpoint: true), to: try self.targets(cut.required("to"), anyEndpoint: true)))]
        case "heal":
            guard case .bool(true) = actionNode.value else { throw actionNode.expected("true") }
            return [Step(atMicros: at, .heal)]
        case "crash":
            let wipe = try object["wipe"]?.bool() ?? false
            return [Step(atMicros: at, .crash(try device(actionNode), wipe: wipe))]
        case "restart":
            return [Step(atMicros: at, .restart(try device(actionNode)))]
        case "nemesis":
            return [Step(atMicros: at, .nemesis(try parseNemesis(actionNode, at: at)))]
        case "seedIfEmpty":
            // Built like an import: the same rows on every target.
            switch try parseImport(actionNode, stepIndex: index, onlyIfEmpty: true, writers: nil) {
            case .rows(let rows): return [Step(atMicros: at, .drawn(.importRows(rows(.seedIfEmpty), targets: targets)))]
            case .batches(let plan): return targets.map { Step(atMicros: at, .importInBatches($0, plan)) }
            }
        case "reinstall":
            // The app is deleted and installed again: its store and sync
            // state are gone (a wipe), and it starts at once.
            guard case .bool(true) = actionNode.value else { throw actionNode.expected("true") }
            return targets.flatMap { [Step(atMicros: at, .crash($0, wipe: true)), Step(atMicros: at, .restart($0))] }
        case "enableSync":
            guard case .bool(true) = actionNode.value else { throw actionNode.expected("true") }
            if let syncing = targets.first(where: { !syncOff.contains($0) }) {
                throw object.required("on").error("'\(Echo.text(replicaNames[syncing.index]))' syncs from the start: enableSync names devices listed in 'syncOff' (\(syncOff.isEmpty ? "none" : Echo.list(syncOff.map { replicaNames[$0.index] })))")
            }
            return targets.map { Step(atMicros: at, .enableSync($0)) }
        case "upgrade":
            let version = try version(actionNode, in: versions)
            return targets.map { Step(atMicros: at, .upgrade($0, version: version)) }
        case "random":
            let settings = try parseRandom(actionNode)
            guard RandomPlan.fitsOneDraw(operations: settings.operations, targets: targets.count) else {
                return [Step(atMicros: at, .randomInWindows(RandomPlan(settings: settings, targets: targets, atMicros: at,
                                                                       schema: schema, stepIndex: index)))]
            }
            return [Step(atMicros: at, .drawn(.random(settings, targets: targets, stepIndex: index)))]
        case "import":
            switch try parseImport(actionNode, stepIndex: index, onlyIfEmpty: false, writers: object["writers"]) {
            case .rows(let rows):
                return [Step(atMicros: at, .drawn(.importRows(rows(writers.map { .writers(count: $0) } ?? .save), targets: targets)))]
            case .batches(let plan):
                return targets.map { Step(atMicros: at, .importInBatches($0, plan)) }
            }
        default:
            let intent = try parseIntent(action, actionNode, stepIndex: index)
            if let writers {
                return targets.map { Step(atMicros: at, .writers($0, intent, count: writers)) }
            }
            return targets.map { Step(atMicros: at, .intent($0, intent)) }
        }
    }

    private func parsePartition(_ node: Node) throws(ScenarioFileError) -> [[ReplicaID]] {
        guard case .array = node.value else { throw node.expected("\"each\" or a list of groups such as [[\"r1\"], [\"r2\", \"r3\"]]") }
        var seen: Set<ReplicaID> = []
        var groups: [[ReplicaID]] = []
        for groupNode in try node.array() {
            var group: [ReplicaID] = []
            for memberNode in try groupNode.array() {
                let member = try replica(memberNode)
                guard seen.insert(member).inserted else {
                    throw memberNode.error("replica '\(Echo.text(replicaNames[member.index]))' is in two groups")
                }
                group.append(member)
            }
            guard !group.isEmpty else { throw groupNode.error("expected a non-empty group of replica names") }
            groups.append(group)
        }
        guard !groups.isEmpty else { throw node.error("expected at least one group") }
        return groups
    }

    private func parseNemesis(_ node: Node, at: Int64) throws(ScenarioFileError) -> NemesisSettings {
        let object = try node.object(allowed: ["every", "until", "partition", "crash"], required: ["every", "until"])
        let every = try object.required("every").duration()
        guard every > 0 else { throw object.required("every").error("expected a duration above 0") }
        let until = try object.required("until").duration()
        guard until > at else { throw object.required("until").error("expected a time after the step's 'at' (\(DurationText.text(at)))") }
        guard until <= untilMicros else {
            throw object.required("until").error("\(DurationText.text(until)) is after the end of the run (until: \(DurationText.text(untilMicros)))")
        }
        return NemesisSettings(
            everyMicros: every, untilMicros: until,
            partitionProbability: try object["partition"]?.probability() ?? .never,
            crashProbability: try object["crash"]?.probability() ?? .never)
    }

    private func parseRandom(_ node: Node) throws(ScenarioFileError) -> WorkloadGenerator.RandomSettings {
        let object = try node.object(allowed: ["entity", "ops", "keys", "over", "mix", "values"], required: ["entity", "ops", "keys"])
        let entity = try self.entity(object.required("entity"))
        guard schema[entity].identityKey != nil else {
            throw object.required("entity").error("random operations address records by key, and \(schema[entity].name) has no unique key")
        }
        let operations = try object.required("ops").int(in: 0 ... 1_000_000)
        let keys = try object.required("keys").int(in: 1 ... 1_000_000)
        let over = try object["over"]?.duration() ?? 0
        var mix: [WorkloadGenerator.OperationKind: Int] = [.create: 4, .update: 5, .delete: 1]
        if let mixNode = object["mix"] {
            let mixObject = try mixNode.object(allowed: WorkloadGenerator.OperationKind.allCases.map(\.rawValue))
            mix = [:]
            for kind in WorkloadGenerator.OperationKind.allCases {
                guard let weightNode = mixObject[kind.rawValue] else { continue }
                let weight = try weightNode.number(in: 0 ... 1_000, what: "0 or a weight from 0.000001 to 1000")
                guard weight == 0 || weight >= 0.000001 else {
                    throw weightNode.error("expected 0 or a weight from 0.000001 to 1000, found \(weightNode.shortDescription)")
                }
                // Weights are kept as integers (millionths) so draws stay integer.
                mix[kind] = Int((weight * 1_000_000).rounded())
            }
            guard mix.values.contains(where: { $0 > 0 }) else { throw mixNode.error("expected at least one positive weight") }
        }
        if (mix[.update] ?? 0) > 0 && !schema[entity].fields.indices.contains(where: { !schema[entity].isKeyField($0) }) {
            throw (object["mix"] ?? node).error("updates need a field outside \(schema[entity].name)'s unique keys, and it has none")
        }
        return WorkloadGenerator.RandomSettings(
            entity: entity, operations: Int(operations), keys: Int(keys), overMicros: over, mix: mix,
            values: try valueTemplates(object["values"], entity: entity))
    }

    /// An import's rows: drawn when the run starts if one save takes them
    /// all (each target using them as the step says), else a plan that
    /// makes them batch by batch as the run saves them.
    private enum ImportRows {
        case rows((WorkloadDraw.ImportRows.Use) -> WorkloadDraw.ImportRows)
        case batches(ImportPlan)
    }

    /// `{ entity, count, values?, batch? }`: `batch` rows per save (default
    /// ``ImportPlan/defaultBatchRows``). With `writers`, each writer's save
    /// is one transaction, so the import must fit one batch.
    private func parseImport(_ node: Node, stepIndex: Int, onlyIfEmpty: Bool, writers: Node?) throws(ScenarioFileError) -> ImportRows {
        let object = try node.object(allowed: ["entity", "count", "values", "batch"], required: ["entity", "count"])
        let entity = try self.entity(object.required("entity"))
        let count = Int(try object.required("count").int(in: 1 ... 1_000_000))
        let batch = Int(try object["batch"]?.int(in: 1 ... Int64(ImportPlan.maxBatchRows)) ?? Int64(ImportPlan.defaultBatchRows))
        let values = try valueTemplates(object["values"], entity: entity)
        guard count > batch else {
            return .rows { use in WorkloadDraw.ImportRows(entity: entity, count: count, values: values, stepIndex: stepIndex, use: use) }
        }
        if let writers {
            throw writers.error("each writer saves its import in one transaction, so an import with 'writers' takes at most \(batch) rows ('batch'); this one has \(GroupedDigits.text(count))")
        }
        return .batches(ImportPlan(entity: entity, count: count, values: values, schema: schema, batchRows: batch, onlyIfEmpty: onlyIfEmpty,
                                   stepIndex: stepIndex))
    }

    private func parseIntent(_ action: String, _ node: Node, stepIndex: Int) throws(ScenarioFileError) -> Intent {
        switch action {
        case "create":
            let object = try node.object(allowed: ["entity", "fields"], required: ["entity", "fields"])
            let entity = try self.entity(object.required("entity"))
            let writes = try fieldWrites(object.required("fields"), entity: entity, allowNull: false)
            let entitySchema = schema[entity]
            for field in entitySchema.identityKey ?? [] where !writes.contains(where: { $0.field == field }) {
                throw object.required("fields").error("a create of \(entitySchema.name) needs its key field '\(Echo.text(entitySchema.fields[field]))'")
            }
            return .save([Row(entity: entity, writes: writes)])
        case "update":
            let object = try node.object(allowed: ["entity", "key", "set"], required: ["entity", "key", "set"])
            let entity = try self.entity(object.required("entity"))
            let key = try naturalKey(object.required("key"), entity: entity)
            let setNode = object.required("set")
            let writes = try fieldWrites(setNode, entity: entity, allowNull: true)
            guard !writes.isEmpty else { throw setNode.error("expected at least one field to set") }
            for write in writes where schema[entity].isKeyField(write.field) {
                throw setNode.error("'\(Echo.text(schema[entity].fields[write.field]))' belongs to a unique key, which is a record's identity and cannot be updated")
            }
            return .update(key: key, writes: writes)
        case "delete":
            let object = try node.object(allowed: ["entity", "key"], required: ["entity", "key"])
            let entity = try self.entity(object.required("entity"))
            return .delete(key: try naturalKey(object.required("key"), entity: entity))
        case "link":
            let object = try node.object(allowed: ["entity", "key", "relation", "to"], required: ["entity", "key", "relation", "to"])
            let entity = try self.entity(object.required("entity"))
            let key = try naturalKey(object.required("key"), entity: entity)
            let relationNode = object.required("relation")
            let relationName = try relationNode.string()
            if let relation = schema[entity].relationIndex(relationName) {
                let target = schema.target(of: relation, owner: entity)
                return .link(key: key, relation: relation, target: try naturalKey(object.required("to"), entity: target))
            }
            // Through an inverse: the link is stored on the owning side.
            guard let end = schema.inverses(of: entity).first(where: { $0.inverse.name == relationName }) else {
                let relations = schema[entity].relations.map(\.name) + schema.inverses(of: entity).map(\.inverse.name)
                throw relationNode.error("unknown relation '\(Echo.text(relationName))' of \(schema[entity].name); relations: \(relations.isEmpty ? "none" : Echo.list(relations))"
                    + Suggestion.didYouMean(relationName, among: relations, quote: "'"))
            }
            return .link(key: try naturalKey(object.required("to"), entity: end.owner), relation: end.relation, target: key)
        default:
            preconditionFailure("\(action) is not an intent")
        }
    }
}
