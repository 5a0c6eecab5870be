import SyncModel

/// The built-in scenario that `simulate --replicas N` runs.
///
/// N replicas start partitioned from each other. Each imports the same
/// server response, 100 `User` records (`email` unique, `name`, `city`),
/// identical on every replica; then each makes 50 seeded random field
/// updates to users it holds. At 2 s the partition heals; the network drops
/// 10% and duplicates 5% of messages, with 5–80 ms of delay.
public enum DefaultScenario {
    public static let name = "default"
    public static let userCount = 100
    public static let updatesPerReplica = 50
    public static let healMicros: Int64 = 2_000_000
    /// Updates fall in this window, inside the partition.
    public static let updateWindowMicros: ClosedRange<Int64> = 100_000 ... 1_900_000

    public static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
    ])

    public static func make(replicas replicaCount: Int, seed: UInt64) -> Scenario {
        precondition(replicaCount >= 1, "need at least one replica")
        let user = EntityIndex(0)
        let emailKey = UniqueKeyID(entity: user, key: 0)
        let names = ["Elena", "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Ken", "Leslie", "Margaret"]
        let cities = ["Oslo", "Lyon", "Porto", "Graz", "Turku", "Ghent", "Cork", "Brno", "Split", "Bergen"]

        var server = Xoshiro256StarStar(seed: seed, stream: "workload.server")
        let rows = (1 ... userCount).map { number in
            Row(entity: user, writes: [
                FieldWrite(field: 0, value: .string(email(number))),
                FieldWrite(field: 1, value: .string(names[server.index(below: names.count)])),
                FieldWrite(field: 2, value: .string(cities[server.index(below: cities.count)])),
            ])
        }

        let replicas = (0 ..< replicaCount).map(ReplicaID.init)
        var steps = [Step(atMicros: 0, .partition(replicas.map { [$0] }))]
        for replica in replicas {
            steps.append(Step(atMicros: 0, .intent(replica, .save(rows))))
        }
        var updates: [Step] = []
        for replica in replicas {
            var random = Xoshiro256StarStar(seed: seed, stream: "workload.\(replica)")
            for number in 1 ... updatesPerReplica {
                let at = random.next(in: updateWindowMicros)
                let target = NaturalKey(uniqueKey: emailKey, values: [.string(email(1 + random.index(below: userCount)))])
                let field = 1 + random.index(below: 2)
                let base = field == 1 ? names[random.index(below: names.count)] : cities[random.index(below: cities.count)]
                // A value no other write uses, so a lost write is unambiguous.
                let value = FieldValue.string("\(base) (\(replica) #\(number))")
                updates.append(Step(atMicros: at, .intent(replica, .update(key: target, writes: [FieldWrite(field: field, value: value)]))))
            }
        }
        steps += updates.stableSorted { $0.atMicros < $1.atMicros }
        steps.append(Step(atMicros: healMicros, .heal))

        return Scenario(
            name: name,
            description: "Every replica imports the same 100 users while partitioned, edits them, and syncs after the partition heals at 2 s.",
            replicaNames: replicas.map(\.description),
            schema: schema,
            network: NetworkSettings(
                dropProbability: Probability(0.10),
                duplicateProbability: Probability(0.05),
                delayMinMicros: 5_000,
                delayMaxMicros: 80_000),
            sync: SyncSettings(intervalMicros: 100_000, jitterMicros: 20_000, fanout: 1),
            untilMicros: 60_000_000,
            steps: steps)
    }

    static func email(_ number: Int) -> String {
        let digits = String(number)
        return "user" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + "@example.com"
    }
}

extension Array {
    /// A sort that keeps equal elements in their original order, whatever
    /// the standard library's algorithm does.
    func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { lhs, rhs in
            if areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
