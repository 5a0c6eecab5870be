import SyncModel
import SyncSimulation

/// How large the swarm's scenarios are. `quick` runs in every `swift test`;
/// `soak` runs with SYNCSIM_RUN_SOAK=1.
struct SwarmProfile: Sendable {
    let name: String
    /// Replicas, the hub included.
    let replicas: ClosedRange<Int>
    /// Size of the key pool of the workload's entity.
    let keys: ClosedRange<Int>
    /// Random creates, updates, deletes and links per client.
    let intentsPerClient: ClosedRange<Int>
    /// Rows of the one server response several clients may import.
    let importRows: ClosedRange<Int>
    /// Most replicas when the network drops 60% or more. Such runs take
    /// minutes of virtual time to converge, and every event costs more
    /// with more replicas: the quick profile keeps them small to stay fast.
    let maxReplicasAtHighDrop: Int
    /// Devices sync through the cloudkit engine (with drawn settings)
    /// instead of the peer engine.
    var cloudkit = false

    static let quick = SwarmProfile(name: "quick", replicas: 2 ... 8, keys: 2 ... 6, intentsPerClient: 0 ... 5, importRows: 1 ... 5,
                                    maxReplicasAtHighDrop: 4)
    static let soak = SwarmProfile(name: "soak", replicas: 2 ... 8, keys: 4 ... 40, intentsPerClient: 4 ... 40, importRows: 4 ... 30,
                                   maxReplicasAtHighDrop: 8)
    /// The same sizes on the cloudkit engine: `replicas` counts devices,
    /// the server is one more endpoint.
    static let cloudkitQuick = quick.onCloudKit(name: "ckquick")
    static let cloudkitSoak = soak.onCloudKit(name: "cksoak")

    static func named(_ name: String) -> SwarmProfile? {
        [quick, soak, cloudkitQuick, cloudkitSoak].first { $0.name == name }
    }

    private func onCloudKit(name: String) -> SwarmProfile {
        var profile = SwarmProfile(name: name, replicas: replicas, keys: keys, intentsPerClient: intentsPerClient, importRows: importRows,
                                   maxReplicasAtHighDrop: maxReplicasAtHighDrop)
        profile.cloudkit = true
        return profile
    }
}

/// One generated scenario of the swarm, with what it was drawn from.
struct SwarmCase: CustomStringConvertible {
    let profile: SwarmProfile
    let index: Int
    /// Seeds both the generator and the run.
    let seed: UInt64
    let scenario: Scenario
    /// The last fault ends here: every partition is healed and every crashed
    /// replica restarted, with no fault of any kind after it.
    let finalHealMicros: Int64
    /// The generated parameters, one per line, for failure messages.
    let parameters: [String]

    /// Runs the case again on its own: `SYNCSIM_SWARM_REPLAY=quick:17 swift test --filter SwarmReplay`.
    var replay: String {
        "SYNCSIM_SWARM_REPLAY=\(profile.name):\(index) swift test --filter SwarmReplay"
    }

    var description: String {
        (["swarm \(profile.name) #\(index), seed \(seed)"] + parameters.map { "  " + $0 } + ["  replay: \(replay)"])
            .joined(separator: "\n")
    }
}

/// Builds random `Scenario` values from a seed: 2–8 replicas, mesh or hub,
/// a lossy network (drop up to 0.9, duplicates, reordering, delays, a few
/// one-way lossier links), partitions that heal, crashes with restarts
/// (some wiping, some inside a partition), an occasional nemesis, clock
/// skew and drift, and a workload of imports, creates, edits, deletes,
/// links and concurrent writers.
///
/// Every fault is over by `finalHealMicros` (at most 5 s): the last step
/// heals the network, every crash has its restart before then, and a
/// nemesis stops by then. Every entity has one unique key, so `crdt`'s
/// identity key is the only key and it can never hold a duplicate.
enum SwarmScenarioGenerator {
    /// One virtual hour: long enough for liveness to hold at drop 0.9.
    /// Every fault is over by the final heal (5 s at most); after it each
    /// message is lost with probability 0.9 at most. The slowest transfer
    /// is a hub client's upload: the hub never starts an exchange, so a
    /// change set reaches it only when the client's request, the hub's reply
    /// and the client's push all arrive, probability 0.1³ = 0.001 per
    /// round at worst (more with duplicates), and a client starts a round
    /// at least every 250 ms (interval ≤ 200 ms, jitter ≤ 50 ms): one upload
    /// takes 250 s on average at worst. `dedupe` may need a few uploads in
    /// series (the change, then each pass's deletions): four in series
    /// outlast the hour with probability about 4·10⁻⁴ (the Erlang tail).
    /// Measured: the slowest soak scenario settles 512 s after its final
    /// heal (soak #869, `dedupe`, a hub with seven clients at drop 0.89),
    /// so ten minutes were too tight; the slowest quick one 41 s. A run
    /// ends when it quiesces, so the budget costs only the runs that need it.
    static let untilMicros: Int64 = 3_600_000_000

    /// User { email }, Person { givenName + familyName } (a compound key,
    /// seed 003), Product { sku } with to-many `tags`, Tag { name }: one
    /// unique key each.
    static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
        EntitySchema(name: "Person", fields: ["givenName", "familyName", "age"], uniqueKeys: [["givenName", "familyName"]]),
        EntitySchema(name: "Product", fields: ["sku", "price", "name"], uniqueKeys: [["sku"]],
                     relations: [.init(name: "tags", target: "Tag")]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
    ])

    static let user = EntityIndex(0), person = EntityIndex(1), product = EntityIndex(2), tag = EntityIndex(3)

    static func make(_ profile: SwarmProfile, index: Int) -> SwarmCase {
        let seed = UInt64(index)
        var builder = Builder(profile: profile, random: SwarmRandom(seed: seed, stream: "swarm.\(profile.name)"))
        let scenario = builder.build(name: "swarm-\(profile.name)-\(index)")
        return SwarmCase(profile: profile, index: index, seed: seed, scenario: scenario,
                         finalHealMicros: builder.finalHealMicros, parameters: builder.parameters)
    }

    /// The conflict policies a cloudkit swarm draws: those under which the
    /// convergent strategies still promise to converge.
    static let convergentCloudKitPolicies = CloudKitConflict.Policy.allCases.filter(\.keepsConvergencePromise)

    /// The draws, in a fixed order: changing one section's draws shifts the
    /// sections after it, which is fine for a swarm (a case is replayed by
    /// profile and index, not by a stored file).
    private struct Builder {
        let profile: SwarmProfile
        var random: SwarmRandom
        var parameters: [String] = []
        var steps: [Step] = []
        var finalHealMicros: Int64 = 0
        var names: [String] = []
        var clients: [ReplicaID] = []
        /// Numbers values so no two writes anywhere carry the same one, so a
        /// lost write is never mistaken for a kept one.
        var writeNumber = 0

        init(profile: SwarmProfile, random: SwarmRandom) {
            self.profile = profile
            self.random = random
        }

        mutating func build(name: String) -> Scenario {
            let network = drawNetwork()
            let highDrop = network.dropProbability.value >= 0.6
            let count = random.int(profile.replicas.lowerBound ... (highDrop ? profile.maxReplicasAtHighDrop : profile.replicas.upperBound))
            let topology: Topology = !profile.cloudkit && random.chance(perMille: 300) ? .hub : .mesh
            names = (1 ... count).map { "r\($0)" }
            if topology == .hub { names[count - 1] = "hub" }
            let all = (0 ..< count).map(ReplicaID.init)
            clients = topology == .hub ? Array(all.dropLast()) : all
            parameters.append("replicas \(names.joined(separator: ",")), topology \(topology.rawValue)")

            parameters.append("network \(describe(network))")
            var links: [Network.Link: NetworkSettings] = [:]
            if random.chance(perMille: 200) {
                for _ in 0 ..< random.int(1 ... 2) {
                    let pair = random.subset(all, count: 2)
                    let (from, to) = random.chance(perMille: 500) ? (pair[0], pair[1]) : (pair[1], pair[0])
                    var settings = drawNetwork()
                    // Within the bound the replica count was drawn under.
                    if count > profile.maxReplicasAtHighDrop && settings.dropProbability.value >= 0.6 {
                        settings.dropProbability = network.dropProbability
                    }
                    links[Network.Link(from: from, to: to)] = settings
                    parameters.append("link \(names[from.index])→\(names[to.index]) \(describe(settings))")
                }
            }
            let intervalMicros = Int64(random.int(50 ... 200)) * 1_000
            let sync = SyncSettings(intervalMicros: intervalMicros, jitterMicros: random.micros(0 ... intervalMicros / 4),
                                    fanout: random.int(1 ... max(1, min(3, count - 1))))
            parameters.append("sync every \(swarmTime(sync.intervalMicros)) ±\(swarmTime(sync.jitterMicros)), fanout \(sync.fanout)")
            let clocks = all.map { replica -> PhysicalClock in
                guard random.chance(perMille: 400) else { return PhysicalClock() }
                let clock = PhysicalClock(skewMicros: random.micros(-1_000_000 ... 1_000_000),
                                          driftPartsPerBillion: random.micros(-100_000 ... 100_000))
                parameters.append("clock \(names[replica.index]) skew \(swarmTime(clock.skewMicros)), drift \(clock.driftPartsPerBillion) ppb")
                return clock
            }
            let dedupeDelayMicros = Int64(random.int(10 ... 100)) * 1_000

            finalHealMicros = Int64(random.int(1_000 ... 5_000)) * 1_000
            let partitions = drawPartitions(all)
            drawCrashes(all, partitions: partitions)
            drawNemesis()
            drawWorkload()
            steps = steps.enumerated().sorted { ($0.element.atMicros, $0.offset) < ($1.element.atMicros, $1.offset) }.map(\.element)
            // The last fault of all: a heal, whole network or not.
            steps.append(Step(atMicros: finalHealMicros, .heal))
            var cloudkitSettings = profile.cloudkit ? drawCloudKitSettings() : nil
            // Drawn last, so the draws before it stay as they were.
            let deleteVsEdit = random.pick(DeleteVsEdit.allCases)
            parameters.append("deleteVsEdit \(deleteVsEdit.rawValue)")
            // The shape of Product.tags and the delete rules, drawn after
            // everything else for the same reason.
            let (caseSchema, deleteRulesOnImport) = drawRelationship()
            if cloudkitSettings != nil, random.chance(perMille: 400) {
                cloudkitSettings?.fetchPage = random.pick([1, 2, 5, 20])
                parameters.append("fetchPage \(cloudkitSettings!.fetchPage!)")
            }
            parameters.append("final heal \(swarmTime(finalHealMicros)), until \(swarmTime(untilMicros))")
            parameters.append("steps:")
            parameters += steps.map { "  \(swarmTime($0.atMicros)) \(describe($0.action))" }

            var scenario = Scenario(
                name: name, description: "generated by SwarmScenarioGenerator", replicaNames: names, schema: caseSchema,
                network: network, sync: sync, clocks: clocks, untilMicros: untilMicros,
                dedupeDelayMicros: dedupeDelayMicros, steps: steps)
            scenario.topology = topology
            scenario.links = links
            if let cloudkitSettings { scenario.useEngine(cloudkitSettings) }
            scenario.deleteVsEditSetting = deleteVsEdit
            scenario.deleteRulesOnImport = deleteRulesOnImport
            return scenario
        }

        /// Product.tags to many or to one, with or without the inverse
        /// Tag.products, each side with a drawn delete rule, and whether
        /// devices apply the rules again on import.
        mutating func drawRelationship() -> (Schema, Bool) {
            let toMany = random.chance(perMille: 500)
            let ownerRule = random.pick([DeleteRule.nullify, .cascade, .deny, .noAction])
            let inverse = random.chance(perMille: 700)
                ? EntitySchema.Inverse(name: "products", deleteRule: random.pick(DeleteRule.allCases)) : nil
            let onImport = random.chance(perMille: 500)
            parameters.append("Product.tags \(toMany ? "to many" : "to one"), deleteRule \(ownerRule.rawValue), "
                + (inverse.map { "inverse products \($0.deleteRule.rawValue)" } ?? "no inverse") + ", deleteRulesOnImport \(onImport)")
            let entities = schema.entities.map { entity -> EntitySchema in
                guard entity.name == "Product" else { return entity }
                return EntitySchema(name: entity.name, fields: entity.fields, uniqueKeys: entity.uniqueKeys.map { $0.map { entity.fields[$0] } },
                                    relations: [.init(name: "tags", target: "Tag", toMany: toMany, deleteRule: ownerRule, inverse: inverse)])
            }
            return (Schema(entities: entities), onImport)
        }

        /// Any conflict policy that keeps the convergence promise (the
        /// swarm checks that promise), any clock and save policy; small
        /// batches often, so a push takes several requests; atomic batches
        /// sometimes.
        mutating func drawCloudKitSettings() -> CloudKitEngineSettings {
            let settings = CloudKitEngineSettings(
                conflict: CloudKitConflict(policy: random.pick(SwarmScenarioGenerator.convergentCloudKitPolicies), clock: random.pick(CloudKitConflict.Clock.allCases)),
                savePolicy: random.pick(CloudKitSavePolicy.allCases), batch: random.pick([1, 2, 3, 400]), atomic: random.chance(perMille: 300))
            parameters.append("engine cloudkit " + settings.settings.map { "\($0.name) \($0.valueText)" }.joined(separator: ", "))
            return settings
        }

        /// Drop up to 0.9, weighted toward the lower rates so the swarm
        /// stays fast: 40% at 0–0.2, 35% at 0.2–0.6, 25% at 0.6–0.9.
        mutating func drawNetwork() -> NetworkSettings {
            let tier = random.int(0 ... 99)
            let dropPerMille = tier < 40 ? random.int(0 ... 200) : tier < 75 ? random.int(200 ... 600) : random.int(600 ... 900)
            let delayMinMicros = Int64(random.int(0 ... 20)) * 1_000
            return NetworkSettings(
                dropProbability: Probability(Double(dropPerMille) / 1_000),
                duplicateProbability: random.probability(maxPerMille: 300),
                reorderProbability: random.probability(maxPerMille: 300),
                delayMinMicros: delayMinMicros,
                delayMaxMicros: delayMinMicros + Int64(random.int(0 ... 100)) * 1_000)
        }

        /// Up to three partitions (a quarter of them one-way cuts), one after
        /// another, each healed before the final heal. Returns their intervals.
        mutating func drawPartitions(_ all: [ReplicaID]) -> [ClosedRange<Int64>] {
            guard all.count > 1 else { return [] }
            let count = random.pick([0, 1, 1, 2, 3])
            let cuts = (0 ..< 2 * count).map { _ in random.micros(0 ... finalHealMicros - 1) }.sorted()
            var intervals: [ClosedRange<Int64>] = []
            for number in 0 ..< count {
                let start = cuts[2 * number], end = max(cuts[2 * number + 1], start + 1)
                let groupCount = random.int(2 ... min(3, all.count))
                var group = all.map { _ in random.int(0 ... groupCount - 1) }
                if Set(group).count == 1 { group[random.int(0 ... all.count - 1)] = (group[0] + 1) % groupCount }
                var named = (0 ..< groupCount).map { number in all.filter { group[$0.index] == number } }
                // Replicas not named form one more group: leave the last out.
                if random.chance(perMille: 500) { named.removeLast() }
                named = named.filter { !$0.isEmpty }
                if random.chance(perMille: 250) {
                    // One way only: the first group's messages to the rest are lost.
                    steps.append(Step(atMicros: start, .cut(from: named[0], to: all.filter { !named[0].contains($0) })))
                } else {
                    steps.append(Step(atMicros: start, .partition(named)))
                }
                steps.append(Step(atMicros: end, .heal))
                intervals.append(start ... end)
            }
            return intervals
        }

        /// At most one crash per replica, restarted by the final heal; half
        /// of them begin inside a partition when there is one; some wipe.
        mutating func drawCrashes(_ all: [ReplicaID], partitions: [ClosedRange<Int64>]) {
            for replica in all where random.chance(perMille: 250) {
                let start: Int64
                if !partitions.isEmpty && random.chance(perMille: 500) {
                    let partition = random.pick(partitions)
                    start = random.micros(partition.lowerBound ... partition.upperBound - 1)
                } else {
                    start = random.micros(0 ... finalHealMicros - 1)
                }
                let restart = random.micros(start + 1 ... finalHealMicros)
                steps.append(Step(atMicros: start, .crash(replica, wipe: random.chance(perMille: 150))))
                steps.append(Step(atMicros: restart, .restart(replica)))
            }
        }

        /// Sometimes a nemesis, stopping by the final heal (its crashes
        /// restart by its `until`).
        mutating func drawNemesis() {
            guard random.chance(perMille: 150) else { return }
            let start = random.micros(0 ... finalHealMicros / 2)
            let settings = NemesisSettings(
                everyMicros: Int64(random.int(100 ... 500)) * 1_000,
                untilMicros: random.micros(start + 1 ... finalHealMicros),
                partitionProbability: random.probability(maxPerMille: 600),
                crashProbability: random.probability(maxPerMille: 300))
            steps.append(Step(atMicros: start, .nemesis(settings)))
        }

        mutating func drawWorkload() {
            let entity = random.pick([user, user, person, product])
            let keys = random.int(profile.keys)
            parameters.append("workload \(schema[entity].name), keys 1…\(keys)")
            if random.chance(perMille: 500) {
                // One server response, imported by some clients at their own times.
                let rows = (1 ... min(keys, random.int(profile.importRows))).map { row(entity, $0, values: "import") }
                let targets = random.subset(clients, count: random.int(1 ... clients.count))
                for target in targets {
                    steps.append(Step(atMicros: random.micros(0 ... finalHealMicros), .intent(target, .save(rows))))
                }
            }
            let tags = 3
            if entity == product {
                for client in clients where random.chance(perMille: 500) {
                    let number = random.int(1 ... tags)
                    steps.append(Step(atMicros: random.micros(0 ... finalHealMicros), .intent(client, .save([row(tag, number, values: "tag")]))))
                }
            }
            for client in clients {
                for _ in 0 ..< random.int(profile.intentsPerClient) {
                    let at = random.micros(0 ... finalHealMicros)
                    let number = random.int(1 ... keys)
                    let draw = random.int(0 ... 99)
                    let intent: Intent
                    if draw < 40 {
                        intent = .save([row(entity, number, values: "\(client)")])
                    } else if draw < 85 || (draw >= 95 && entity != product) {
                        intent = .update(key: key(entity, number), writes: [edit(entity, on: client)])
                    } else if draw < 95 {
                        intent = .delete(key: key(entity, number))
                    } else {
                        intent = .link(key: key(entity, number), relation: 0, target: key(tag, random.int(1 ... tags)))
                    }
                    steps.append(Step(atMicros: at, .intent(client, intent)))
                }
            }
            if random.chance(perMille: 100) {
                // seed 002's check-then-insert race, in the seeded scheduler.
                let client = random.pick(clients)
                let rows = [row(entity, random.int(1 ... keys), values: "writers")]
                steps.append(Step(atMicros: random.micros(0 ... finalHealMicros), .writers(client, .save(rows), count: random.int(2 ... 4))))
            }
        }

        /// Row `number` of `entity`: key fields from the number, other
        /// fields marked with `values` and a fresh write number.
        mutating func row(_ entity: EntityIndex, _ number: Int, values: String) -> Row {
            writeNumber += 1
            let stamp = "\(values) #\(writeNumber)"
            let writes: [FieldWrite]
            switch entity {
            case user:
                writes = [.init(field: 0, value: .string("u\(number)@example.com")), .init(field: 1, value: .string("name \(stamp)")),
                          .init(field: 2, value: .string("city \(stamp)"))]
            case person:
                // Given names repeat across keys: only the pair is unique.
                writes = [.init(field: 0, value: .string("given\(number % 3)")), .init(field: 1, value: .string("family\(number / 3)")),
                          .init(field: 2, value: .int(Int64(writeNumber)))]
            case product:
                writes = [.init(field: 0, value: .string("sku\(number)")), .init(field: 1, value: .int(Int64(writeNumber))),
                          .init(field: 2, value: .string("name \(stamp)"))]
            default:
                writes = [.init(field: 0, value: .string("tag\(number)"))]
            }
            return Row(entity: entity, writes: writes)
        }

        func key(_ entity: EntityIndex, _ number: Int) -> NaturalKey {
            let template = Builder.keyRow(entity, number)
            return template.identityKey(schema: schema)!
        }

        /// A row holding only the key fields of `number`, as `row` writes them.
        static func keyRow(_ entity: EntityIndex, _ number: Int) -> Row {
            let values: [FieldValue]
            switch entity {
            case user: values = [.string("u\(number)@example.com")]
            case person: values = [.string("given\(number % 3)"), .string("family\(number / 3)")]
            case product: values = [.string("sku\(number)")]
            default: values = [.string("tag\(number)")]
            }
            return Row(entity: entity, writes: values.enumerated().map { FieldWrite(field: $0.offset, value: $0.element) })
        }

        /// One non-key field set to a value no other write uses.
        mutating func edit(_ entity: EntityIndex, on client: ReplicaID) -> FieldWrite {
            writeNumber += 1
            switch entity {
            case user: return FieldWrite(field: random.int(1 ... 2), value: .string("edit \(client) #\(writeNumber)"))
            case person: return FieldWrite(field: 2, value: .int(Int64(writeNumber)))
            default:
                return random.chance(perMille: 500)
                    ? FieldWrite(field: 1, value: .int(Int64(writeNumber)))
                    : FieldWrite(field: 2, value: .string("edit \(client) #\(writeNumber)"))
            }
        }

        func describe(_ settings: NetworkSettings) -> String {
            "drop \(settings.dropProbability), duplicate \(settings.duplicateProbability), reorder \(settings.reorderProbability), "
                + "delay \(swarmTime(settings.delayMinMicros))–\(swarmTime(settings.delayMaxMicros))"
        }

        func describe(_ action: StepAction) -> String {
            switch action {
            case .partition(let groups):
                return "partition " + groups.map { $0.map { names[$0.index] }.joined(separator: ",") }.joined(separator: " | ")
            case .partitionEach: return "partition each"
            case .cut(let from, let to):
                return "cut " + from.map { names[$0.index] }.joined(separator: ",") + " -> " + to.map { names[$0.index] }.joined(separator: ",")
            case .heal: return "heal"
            case .intent(let replica, let intent): return "\(names[replica.index]) \(describe(intent))"
            case .writers(let replica, let intent, let count): return "\(names[replica.index]) \(count) writers \(describe(intent))"
            case .crash(let replica, let wipe): return (wipe ? "wipe " : "crash ") + names[replica.index]
            case .restart(let replica): return "restart \(names[replica.index])"
            case .seedIfEmpty(let replica, _, let rows): return "\(names[replica.index]) seed if empty \(describe(.save(rows)))"
            case .enableSync(let replica): return "\(names[replica.index]) turns sync on"
            case .importInBatches(let replica, let plan):
                return "\(names[replica.index]) imports \(plan.count) rows in batches of \(plan.batchRows)" + (plan.onlyIfEmpty ? " if empty" : "")
            case .randomInWindows(let plan): return "\(plan.totalOperations) random operations in \(plan.windows) windows"
            case .drawn(.random(let settings, let targets, _)): return "\(settings.operations * targets.count) random operations"
            case .drawn(.importRows(let rows, let targets)): return "\(targets.count) devices import \(rows.count) rows"
            case .upgrade(let replica, let version): return "\(names[replica.index]) upgrades to version \(version + 1)"
            case .nemesis(let settings):
                return "nemesis every \(swarmTime(settings.everyMicros)) until \(swarmTime(settings.untilMicros)), "
                    + "partition \(settings.partitionProbability), crash \(settings.crashProbability)"
            }
        }

        func describe(_ intent: Intent) -> String {
            switch intent {
            case .save(let rows):
                return "save " + rows.map { row in
                    "\(schema[row.entity].name)(" + row.writes.map { "\(schema[row.entity].fields[$0.field])=\($0.value?.description ?? "nil")" }
                        .joined(separator: ", ") + ")"
                }.joined(separator: " ")
            case .update(let key, let writes):
                let fields = schema[key.uniqueKey.entity].fields
                return "update \(key) " + writes.map { "\(fields[$0.field])=\($0.value?.description ?? "nil")" }.joined(separator: ", ")
            case .delete(let key): return "delete \(key)"
            case .link(let key, _, let target): return "link \(key) tags→\(target)"
            }
        }
    }
}

/// `250ms`, or `1234567us` when not a whole millisecond: virtual times in
/// failure messages.
func swarmTime(_ micros: Int64) -> String {
    micros % 1_000 == 0 ? "\(micros / 1_000)ms" : "\(micros)us"
}
