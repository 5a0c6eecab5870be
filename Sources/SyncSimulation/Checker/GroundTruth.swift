import SyncModel

/// What the applications were told they saved, in true simulated time: the
/// checker's reference for lost writes and resurrections. Kept by the
/// simulator, never visible to replicas.
///
/// Per natural key (as the intent addressed it): whether the latest intent
/// was a delete, and per non-key field the latest acknowledged write. Writes
/// at the same instant on different replicas are all "latest"; keeping any
/// one of them counts as kept.
public struct GroundTruth: Sendable {
    /// The latest acknowledged write of one field.
    public struct FieldTruth: Hashable, Sendable {
        /// When the latest write happened, in true microseconds.
        public var atMicros: Int64
        /// The latest value per replica that wrote at `atMicros`; a replica's
        /// later intent at the same instant replaces its earlier one.
        public var writers: [ReplicaID: FieldValue?]
        /// Every value that counts as latest, in replica order.
        public var values: [FieldValue?] { writers.keys.sorted().map { writers[$0]! } }
    }

    /// What the applications did to one natural key.
    public struct KeyTruth: Hashable, Sendable {
        /// Whether the latest intent on the key was a delete.
        public var deleted = false
        /// Written after a delete of the key: by a device that had not seen
        /// the delete (an edit), or one that created the key again.
        public var writtenAfterDelete = false
        /// Latest write per field index.
        public var fields: [Int: FieldTruth] = [:]
    }

    /// Every key an intent addressed. Looked up, never iterated in an order that reaches output.
    public private(set) var keys: [NaturalKey: KeyTruth] = [:]
    /// The keys in the order they became known, when kept
    /// (``keepingKeyOrder()``): what lets a checker that looked before
    /// read only the keys new since.
    private(set) var keyOrder: [NaturalKey]?
    private let schema: Schema

    /// A ground truth with no intent recorded yet.
    public init(schema: Schema) {
        self.schema = schema
    }

    /// Keeps ``keyOrder`` from now on; only before any intent is recorded.
    mutating func keepingKeyOrder() {
        precondition(keys.isEmpty, "the key order is kept from the start")
        keyOrder = []
    }

    /// A key becomes known.
    private mutating func noteNew(_ key: NaturalKey) {
        keyOrder?.append(key)
    }

    /// Records an intent whose save succeeded on `replica` at true time
    /// `atMicros`. Intents are recorded in the order they ran, so on one
    /// replica a later record at the same instant is the later intent.
    public mutating func recordSaved(_ intent: Intent, on replica: ReplicaID, atMicros now: Int64) {
        switch intent {
        case .save(let rows):
            for row in rows {
                guard let key = row.identityKey(schema: schema) else { continue }
                recordWrites(row.writes, to: key, on: replica, atMicros: now)
            }
        case .update(let key, let writes):
            recordWrites(writes, to: key, on: replica, atMicros: now)
        case .delete(let key):
            recordDeleted(key)
        case .link:
            break
        }
    }

    /// The app deleted `key`'s record: by a delete intent, or through a
    /// `cascade` rule in the same save.
    public mutating func recordDeleted(_ key: NaturalKey) {
        if keys.updateValue(KeyTruth(deleted: true, fields: [:]), forKey: key) == nil { noteNew(key) }
    }

    /// `record`'s identity key (its entity's first unique key), as intents
    /// address it; nil without one.
    public func identityKey(of record: Record) -> NaturalKey? {
        guard !schema[record.entity].uniqueKeys.isEmpty else { return nil }
        return NaturalKey(record: record, uniqueKey: UniqueKeyID(entity: record.entity, key: 0), schema: schema)
    }

    /// Changes the key's truth in place: a copy taken out and written back
    /// would copy every field's writers on each write, and N devices
    /// importing the same keys at one instant would cost N² per key.
    private mutating func recordWrites(_ writes: [FieldWrite], to key: NaturalKey, on replica: ReplicaID, atMicros now: Int64) {
        if keyOrder != nil && keys[key] == nil { noteNew(key) }
        if keys[key]?.deleted == true {
            // Written after a delete: earlier field writes no longer apply.
            keys[key] = KeyTruth(writtenAfterDelete: true)
        }
        let entity = schema[key.uniqueKey.entity]
        for write in writes where !entity.isKeyField(write.field) {
            if keys[key, default: KeyTruth()].fields[write.field]?.atMicros == now {
                keys[key, default: KeyTruth()].fields[write.field]!.writers[replica] = write.value
            } else {
                keys[key, default: KeyTruth()].fields[write.field] = FieldTruth(atMicros: now, writers: [replica: write.value])
            }
        }
        // A row of key fields only still makes the key known.
        if keys[key] == nil { keys[key] = KeyTruth() }
    }
}
