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
        /// One replica's latest value at ``atMicros``.
        public struct Writer: Hashable, Sendable {
            /// The replica that wrote.
            public var replica: ReplicaID
            /// What it wrote; nil clears the field.
            public var value: FieldValue?
        }

        /// The field's index in its entity.
        public let field: Int
        /// When the latest write happened, in true microseconds.
        public private(set) var atMicros: Int64
        /// The first replica to write at `atMicros`, kept inline: almost
        /// every write has one writer, and a million keys then need no
        /// table of writers each.
        public private(set) var firstWriter: Writer
        /// Any other replica that wrote at the same instant, sorted by
        /// replica (found by bisection: N devices importing one key at one
        /// instant must not cost N² per key); a replica's later intent at
        /// that instant replaces its earlier one.
        public private(set) var otherWriters: [Writer] = []

        /// `replica` wrote `value` at `now`.
        init(field: Int, atMicros now: Int64, replica: ReplicaID, value: FieldValue?) {
            self.field = field
            atMicros = now
            firstWriter = Writer(replica: replica, value: value)
        }

        /// A later write starts over; one at the same instant joins the
        /// latest (replacing the same replica's earlier one).
        mutating func record(_ value: FieldValue?, by replica: ReplicaID, atMicros now: Int64) {
            guard now == atMicros else {
                self = FieldTruth(field: field, atMicros: now, replica: replica, value: value)
                return
            }
            if firstWriter.replica == replica {
                firstWriter.value = value
                return
            }
            let low = otherWriters.partitioningIndex { $0.replica < replica }
            if low < otherWriters.count && otherWriters[low].replica == replica {
                otherWriters[low].value = value
            } else {
                otherWriters.insert(Writer(replica: replica, value: value), at: low)
            }
        }

        /// Every value that counts as latest, in replica order.
        public var values: [FieldValue?] {
            ([firstWriter] + otherWriters).sorted { $0.replica < $1.replica }.map(\.value)
        }
    }

    /// What the applications did to one natural key.
    public struct KeyTruth: Hashable, Sendable {
        /// Whether the latest intent on the key was a delete.
        public var deleted = false
        /// Written after a delete of the key: by a device that had not seen
        /// the delete (an edit), or one that created the key again.
        public var writtenAfterDelete = false
        /// Latest write per field written, in field order: a short array,
        /// not a table, so a key costs one allocation for its fields.
        public private(set) var fields: [FieldTruth] = []

        /// Records `replica`'s write of `value` to `field` at `now`.
        mutating func record(_ value: FieldValue?, to field: Int, by replica: ReplicaID, atMicros now: Int64) {
            var index = 0
            while index < fields.count && fields[index].field < field { index += 1 }
            if index < fields.count && fields[index].field == field {
                fields[index].record(value, by: replica, atMicros: now)
            } else {
                fields.insert(FieldTruth(field: field, atMicros: now, replica: replica, value: value), at: index)
            }
        }
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
        if keys.updateValue(KeyTruth(deleted: true), forKey: key) == nil { noteNew(key) }
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
        let entity = schema[key.uniqueKey.entity]
        let known = keys.count
        // One lookup of the key: a row of key fields only still makes the
        // key known, so the default is inserted whatever the writes are.
        Self.record(writes, to: &keys[key, default: KeyTruth()], entity: entity, replica: replica, atMicros: now)
        if keys.count > known { noteNew(key) }
    }

    private static func record(_ writes: [FieldWrite], to truth: inout KeyTruth, entity: EntitySchema, replica: ReplicaID,
                               atMicros now: Int64) {
        if truth.deleted {
            // Written after a delete: earlier field writes no longer apply.
            truth = KeyTruth(writtenAfterDelete: true)
        }
        for write in writes where !entity.isKeyField(write.field) {
            truth.record(write.value, to: write.field, by: replica, atMicros: now)
        }
    }
}
