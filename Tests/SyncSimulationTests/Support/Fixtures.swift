import SyncModel
import SyncSimulation
import SyncStore

/// The schema the strategy tests drive: products keyed by `sku` with a
/// to-many `tags` relationship (seed 001's shopping app), tags keyed by
/// `name`, and users keyed by `email` (seed 000).
enum Fixtures {
    static let schema = Schema(entities: [
        EntitySchema(name: "Product", fields: ["sku", "price", "name"], uniqueKeys: [["sku"]],
                     relations: [.init(name: "tags", target: "Tag")]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
    ])

    static let product = EntityIndex(0)
    static let tag = EntityIndex(1)
    static let user = EntityIndex(2)

    // Product fields and relation.
    static let sku = 0, price = 1, productName = 2
    static let tags = 0
    // Tag field.
    static let tagName = 0
    // User fields.
    static let email = 0, userName = 1, city = 2

    static let skuKeyID = UniqueKeyID(entity: product, key: 0)
    static let tagKeyID = UniqueKeyID(entity: tag, key: 0)
    static let emailKeyID = UniqueKeyID(entity: user, key: 0)

    static func skuKey(_ sku: String) -> NaturalKey { NaturalKey(uniqueKey: skuKeyID, values: [.string(sku)]) }
    static func tagKey(_ name: String) -> NaturalKey { NaturalKey(uniqueKey: tagKeyID, values: [.string(name)]) }
    static func emailKey(_ email: String) -> NaturalKey { NaturalKey(uniqueKey: emailKeyID, values: [.string(email)]) }

    /// A product row; a nil price or name is left out of the row (unset).
    static func productRow(_ sku: String, price: Int64? = nil, name: String? = nil) -> Row {
        var writes = [FieldWrite(field: Fixtures.sku, value: .string(sku))]
        if let price { writes.append(FieldWrite(field: Fixtures.price, value: .int(price))) }
        if let name { writes.append(FieldWrite(field: productName, value: .string(name))) }
        return Row(entity: product, writes: writes)
    }

    static func tagRow(_ name: String) -> Row {
        Row(entity: tag, writes: [FieldWrite(field: tagName, value: .string(name))])
    }

    /// A user row; a nil name or city is left out of the row (unset).
    static func userRow(_ email: String, name: String? = nil, city: String? = nil) -> Row {
        var writes = [FieldWrite(field: Fixtures.email, value: .string(email))]
        if let name { writes.append(FieldWrite(field: userName, value: .string(name))) }
        if let city { writes.append(FieldWrite(field: Fixtures.city, value: .string(city))) }
        return Row(entity: user, writes: writes)
    }

    static func setName(_ name: String) -> FieldWrite { FieldWrite(field: userName, value: .string(name)) }
    static func setCity(_ city: String) -> FieldWrite { FieldWrite(field: Fixtures.city, value: .string(city)) }
}

func ts(_ wallMicros: Int64, _ counter: UInt32 = 0, _ replica: Int = 0) -> Timestamp {
    Timestamp(wallMicros: wallMicros, counter: counter, replica: ReplicaID(replica))
}

func rid(_ low: UInt64, high: UInt64 = 0) -> RecordID {
    RecordID(high: high, low: low)
}

func namedStrategy(_ name: String) -> any Strategy {
    guard let strategy = StrategyCatalog.strategy(named: name) else {
        preconditionFailure("no strategy called \(name)")
    }
    return strategy
}

/// A strategy's context on replica `replica` over an empty memory store
/// that enforces uniqueness exactly when the strategy wants it.
func makeContext(_ strategy: any Strategy, replica: Int = 0, seed: UInt64 = 1,
                 clock: PhysicalClock = PhysicalClock()) -> StrategyContext {
    StrategyContext(
        replica: ReplicaID(replica),
        store: MemoryStore(schema: Fixtures.schema, enforcesUniqueness: strategy.enforcesUniqueness),
        clock: ReplicaClock(kind: strategy.clockKind, replica: ReplicaID(replica), physical: clock),
        ids: Xoshiro256StarStar(seed: seed, stream: "test.ids.\(replica)"))
}

/// A replica of `strategy` over an empty memory store.
func makeReplica(_ strategy: any Strategy, _ index: Int, of count: Int, seed: UInt64 = 1,
                 clock: PhysicalClock = PhysicalClock()) -> PeerReplica {
    PeerReplica(id: ReplicaID(index), replicaCount: count, strategy: strategy,
            store: MemoryStore(schema: Fixtures.schema, enforcesUniqueness: strategy.enforcesUniqueness),
            clock: clock, seed: seed)
}

extension StrategyContext {
    /// The id the next `randomRecordID()` will return, without drawing it.
    func peekRandomRecordID() -> RecordID {
        var copy = self
        return copy.randomRecordID()
    }

    /// Runs `intent` at true time `atMicros`.
    mutating func run(_ strategy: any Strategy, _ intent: Intent, atMicros: Int64) -> IntentOutcome {
        nowMicros = atMicros
        return strategy.perform(intent, in: &self)
    }

    /// The only live holder of `key`, or nil when there is none or several.
    func soleHolder(_ key: NaturalKey) -> Record? {
        let ids = store.liveRecordIDs(holding: key)
        guard ids.count == 1 else { return nil }
        return store.record(ids[0])
    }
}

extension IntentOutcome {
    /// The replicated changes when saved, nil otherwise.
    var savedChanges: [Record]? {
        if case .saved(let changes) = self { return changes }
        return nil
    }

    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }
}

extension RemoteOutcome {
    /// The missed-change count when applied, nil when refused.
    var appliedMissed: Int? {
        if case .applied(let missed) = self { return missed }
        return nil
    }
}

extension PeerReplica {
    /// Takes every change set `peer` holds that this replica lacks, then
    /// applies what it can.
    @discardableResult
    mutating func pull(from peer: PeerReplica, atMicros now: Int64) -> Int {
        _ = receive(peer.changeSets(missingFrom: held))
        return applyHeld(atMicros: now)
    }

    /// The only live holder of `key`, or nil when there is none or several.
    func soleHolder(_ key: NaturalKey) -> Record? {
        let ids = store.liveRecordIDs(holding: key)
        guard ids.count == 1 else { return nil }
        return store.record(ids[0])
    }
}

/// Relationship targets of live records that are not live themselves.
func danglingCount(_ store: any Store) -> Int {
    var count = 0
    for record in store.allRecords() where record.isLive {
        for relation in record.relations {
            for target in relation.elements where !(store.record(target)?.isLive ?? false) { count += 1 }
        }
    }
    return count
}

extension PeerReplica {
    /// Receives one change set and applies what it can; returns how many
    /// change sets were applied.
    mutating func deliver(_ changeSet: ChangeSet, atMicros now: Int64) -> Int {
        _ = receive([changeSet])
        return applyHeld(atMicros: now)
    }
}
