import SyncModel

/// The change sets every replica of the benchmark applies: `records`
/// creates of a `User` (`email` unique, `name`, `city`) from one origin,
/// then one update of each user's `city`, in change sets of `batch`
/// records. No randomness: user `n` (from 0) has email
/// `user{n}@example.com`, name `Name {n}`, city `City {n % 50}`, and moves
/// to ``updatedCity(_:)``.
///
/// Ids are what `crdt` derives from the email
/// (``NaturalKey/derivedRecordID(schema:)``). Create `n` is stamped
/// `n + 1` µs (its creation and its three fields), update `n` is stamped
/// `records + n + 1` µs, all by ``origin``, so every update is newer than
/// every create. Each change set carries the stamp of its last record as
/// its commit time.
public struct RemoteApplyWorkload: Sendable {
    /// One entity, `User`, whose `email` is unique, as `crdt` needs to derive ids.
    public static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
    ])
    /// The replica that wrote every change set; the receivers are others.
    public static let origin = ReplicaID(0)
    static let email = 0, name = 1, city = 2

    /// Users created, then updated (N).
    public let records: Int
    /// Records per change set.
    public let batch: Int
    /// User `n`'s id.
    public let ids: [RecordID]
    /// The creates, then the updates; `seq` counts 1, 2, … in this order.
    public let changeSets: [ChangeSet]

    /// Builds every change set up front, so that building them is not timed. `records` and `batch` must be at least 1.
    public init(records: Int, batch: Int) {
        precondition(records >= 1 && batch >= 1, "a workload needs a record and a batch of at least one")
        self.records = records
        self.batch = batch
        let schema = Self.schema
        let key = UniqueKeyID(entity: EntityIndex(0), key: 0)
        let ids = (0 ..< records).map { n in
            NaturalKey(uniqueKey: key, values: [.string(Self.email(n))]).derivedRecordID(schema: schema)
        }
        self.ids = ids

        func create(_ n: Int) -> Record {
            let stamp = Self.createStamp(n)
            var record = Record(id: ids[n], entity: EntityIndex(0), schema: schema)
            record.markCreated(stamp)
            record.set(Self.email, to: .string(Self.email(n)), stamp: stamp)
            record.set(Self.name, to: .string(Self.name(n)), stamp: stamp)
            record.set(Self.city, to: .string(Self.city(n)), stamp: stamp)
            return record
        }
        func update(_ n: Int) -> Record {
            var record = Record(id: ids[n], entity: EntityIndex(0), schema: schema)
            record.set(Self.city, to: .string(Self.updatedCity(n)), stamp: Self.updateStamp(n, records: records))
            return record
        }
        var changeSets: [ChangeSet] = []
        func appendChangeSets(_ change: (Int) -> Record, stamp: (Int) -> Timestamp) {
            for start in stride(from: 0, to: records, by: batch) {
                let numbers = start ..< min(start + batch, records)
                // A change set holds one change per record, sorted by id.
                let changes = numbers.map(change).sorted { $0.id < $1.id }
                changeSets.append(ChangeSet(origin: Self.origin, seq: UInt32(changeSets.count + 1),
                                            dependencies: VersionVector(replicaCount: 0), changes: changes,
                                            committedAtMicros: stamp(numbers.upperBound - 1).wallMicros))
            }
        }
        appendChangeSets(create, stamp: Self.createStamp)
        appendChangeSets(update) { Self.updateStamp($0, records: records) }
        self.changeSets = changeSets
    }

    /// Record applications per replica: every create and every update.
    public var applicationsPerReplica: Int { 2 * records }

    /// User `n`'s email, its unique key: `user{n}@example.com`.
    public static func email(_ n: Int) -> String { "user\(n)@example.com" }
    /// User `n`'s name: `Name {n}`.
    public static func name(_ n: Int) -> String { "Name \(n)" }
    /// Where user `n` lives when created: one of 50 cities, `City {n % 50}`.
    public static func city(_ n: Int) -> String { "City \(n % 50)" }
    /// Where user `n` lives after the update: the next of the 50 cities.
    public static func updatedCity(_ n: Int) -> String { "City \((n + 1) % 50)" }

    static func createStamp(_ n: Int) -> Timestamp {
        Timestamp(wallMicros: Int64(n) + 1, counter: 0, replica: origin)
    }

    static func updateStamp(_ n: Int, records: Int) -> Timestamp {
        Timestamp(wallMicros: Int64(records) + Int64(n) + 1, counter: 0, replica: origin)
    }
}
