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
        /// One replica's latest value at ``atMicros``. The value is laid
        /// out first: after the two-byte replica it would start at offset 8
        /// and make a writer 32 bytes, not 24 (a million keys of two
        /// fields: 16 MB of the ground truth).
        public struct Writer: Hashable, Sendable {
            /// What it wrote; nil clears the field.
            public var value: FieldValue?
            /// The replica that wrote.
            public var replica: ReplicaID

            init(replica: ReplicaID, value: FieldValue?) {
                self.value = value
                self.replica = replica
            }
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

    /// The latest acknowledged write of one link slot of a key's record:
    /// a link is a write like a field's (docs/MODEL.md, "Links are writes").
    ///
    /// A to-many relationship has one slot per target key (each link is its
    /// own fact: two devices adding different targets both wrote); a to-one
    /// has one slot per relationship, written by every link, as a field is
    /// by every update. Oriented as the schema stores the pair: the owning
    /// record's relationship (a link step naming the inverse is stored on
    /// the owner).
    public struct LinkTruth: Hashable, Sendable {
        /// One replica's latest write of the slot at ``atMicros``.
        public struct Writer: Hashable, Sendable {
            /// The target's identity key.
            public var target: NaturalKey
            /// True for an add, false for a removal.
            public var present: Bool
            /// The replica that wrote.
            public var replica: ReplicaID
        }

        /// The relationship's index in the owning entity.
        public let relation: Int
        /// The target key for a to-many slot; nil for a to-one.
        public let slot: NaturalKey?
        /// When the latest write happened, in true microseconds.
        public private(set) var atMicros: Int64
        /// Every replica's write at ``atMicros``, sorted by replica; a
        /// replica's later write at that instant replaces its earlier one.
        public private(set) var writers: [Writer]

        init(relation: Int, slot: NaturalKey?, atMicros now: Int64, writer: Writer) {
            self.relation = relation
            self.slot = slot
            atMicros = now
            writers = [writer]
        }

        /// A later write starts over; one at the same instant joins the latest.
        mutating func record(_ writer: Writer, atMicros now: Int64) {
            guard now == atMicros else {
                self = LinkTruth(relation: relation, slot: slot, atMicros: now, writer: writer)
                return
            }
            if let index = writers.firstIndex(where: { $0.replica == writer.replica }) {
                writers[index] = writer
            } else {
                writers.append(writer)
                writers.sort { $0.replica < $1.replica }
            }
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
        /// Latest write per link slot, in the order the slots were first
        /// written (only counts are read from it).
        public private(set) var links: [LinkTruth] = []

        /// Records `replica`'s add (or removal) of a link at `now`.
        mutating func recordLink(relation: Int, slot: NaturalKey?, writer: LinkTruth.Writer, atMicros now: Int64) {
            if let index = links.firstIndex(where: { $0.relation == relation && $0.slot == slot }) {
                links[index].record(writer, atMicros: now)
            } else {
                links.append(LinkTruth(relation: relation, slot: slot, atMicros: now, writer: writer))
            }
        }

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

    /// Each key's ordinal: its place in ``keyOrder`` and ``keyTruths``,
    /// the order the keys became known. The one table of keys, looked up
    /// once per write; everything else is read by ordinal, so the final
    /// check walks keys in the order the stores received them, not in hash
    /// order. Four bytes a key.
    private(set) var ordinals: [NaturalKey: Int32] = [:]
    /// Every key an intent addressed, in the order it became known: what
    /// lets a checker that looked before read only the keys new since.
    private(set) var keyOrder: [NaturalKey] = []
    /// What the applications did to each key, by ordinal.
    private(set) var keyTruths: [KeyTruth] = []
    private let schema: Schema

    /// A ground truth with no intent recorded yet.
    public init(schema: Schema) {
        self.schema = schema
    }

    /// What the applications did to `key`; nil when no intent addressed it.
    public func truth(of key: NaturalKey) -> KeyTruth? {
        ordinals[key].map { keyTruths[Int($0)] }
    }

    /// The ordinal of `key`, a new one when the key is new.
    private mutating func ordinal(of key: NaturalKey) -> Int {
        let next = Int32(keyOrder.count)
        precondition(keyOrder.count < Int(Int32.max), "a ground truth holds at most \(Int32.max) keys")
        // One hash of the key: the defaulted subscript's in-place access
        // inserts `next` when the key is new (a read alone would not).
        let ordinal = Int(Self.value(&ordinals[key, default: next]))
        if ordinal == keyOrder.count {
            keyOrder.append(key)
            keyTruths.append(KeyTruth())
        }
        return ordinal
    }

    private static func value(_ ordinal: inout Int32) -> Int32 { ordinal }

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
        case .link(let key, let relation, let target):
            recordLink(key: key, relation: relation, target: target, present: true, on: replica, atMicros: now)
        }
    }

    /// The app added (`present`) or removed a link from `key`'s record to
    /// `target`'s through `relation` of the key's entity.
    mutating func recordLink(key: NaturalKey, relation: Int, target: NaturalKey, present: Bool, on replica: ReplicaID,
                             atMicros now: Int64) {
        let toMany = schema[key.uniqueKey.entity].relations[relation].toMany
        let ordinal = ordinal(of: key)
        // A link saved by a device that had not seen the key's delete: the
        // delete stays the latest intent (a link does not re-create the
        // record, as a field write after a delete counts for
        // `lostWritesDetail.toDeletes`); the record's loss is the delete's.
        guard !keyTruths[ordinal].deleted else { return }
        keyTruths[ordinal].recordLink(relation: relation, slot: toMany ? target : nil,
                                      writer: .init(target: target, present: present, replica: replica), atMicros: now)
    }

    /// The app deleted `key`'s record: by a delete intent, or through a
    /// `cascade` rule in the same save.
    public mutating func recordDeleted(_ key: NaturalKey) {
        keyTruths[ordinal(of: key)] = KeyTruth(deleted: true)
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
        // A row of key fields only still makes the key known.
        Self.record(writes, to: &keyTruths[ordinal(of: key)], entity: entity, replica: replica, atMicros: now)
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
