/// The stored form of a record: every register with its stamp, every
/// creation and deletion, every relationship tag, so that a record read
/// back merges exactly as the one written.
extension Record {
    /// The stored bytes of this record, read back by ``init(decoding:schema:)``.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 256)
        writer.append(id)
        writer.append(entity.rawValue)
        writer.append(fields.count)
        for register in fields {
            guard let register else {
                writer.append(0)
                continue
            }
            if let value = register.value {
                writer.append(1)
                value.write(to: &writer)
            } else {
                writer.append(2)
            }
            register.stamp.write(to: &writer)
        }
        writer.append(creations.count)
        for stamp in creations { stamp.write(to: &writer) }
        writer.append(deletedCreations.count)
        for stamp in deletedCreations { stamp.write(to: &writer) }
        writer.append(relations.count)
        for set in relations {
            writer.append(set.adds.count)
            for entry in set.adds {
                entry.tag.write(to: &writer)
                writer.append(entry.element)
            }
            writer.append(set.removedTags.count)
            for tag in set.removedTags { tag.write(to: &writer) }
        }
        return writer.bytes
    }

    /// Reads a record written by ``encoded()``; throws on damaged bytes or a
    /// shape that does not match `schema`.
    public init(decoding bytes: [UInt8], schema: Schema) throws(ByteReader.Malformed) {
        var reader = ByteReader(bytes)
        let id = try reader.recordID()
        let entity = try reader.int(atMost: schema.entities.count - 1)
        self.init(id: id, entity: EntityIndex(entity), schema: schema)
        guard try reader.int(atMost: fields.count) == fields.count else { throw ByteReader.Malformed(offset: reader.offset) }
        for field in fields.indices {
            switch try reader.int(atMost: 2) {
            case 0: continue
            case 1:
                let value = try FieldValue.read(from: &reader)
                fields[field] = Register(value: value, stamp: try Timestamp.read(from: &reader))
            default:
                fields[field] = Register(value: nil, stamp: try Timestamp.read(from: &reader))
            }
        }
        for _ in 0 ..< (try reader.int(atMost: bytes.count)) { markCreated(try Timestamp.read(from: &reader)) }
        for _ in 0 ..< (try reader.int(atMost: bytes.count)) { markDeleted(creation: try Timestamp.read(from: &reader)) }
        guard try reader.int(atMost: relations.count) == relations.count else { throw ByteReader.Malformed(offset: reader.offset) }
        for relation in relations.indices {
            for _ in 0 ..< (try reader.int(atMost: bytes.count)) {
                let tag = try Timestamp.read(from: &reader)
                relations[relation].add(try reader.recordID(), tag: tag)
            }
            var removed: [Timestamp] = []
            for _ in 0 ..< (try reader.int(atMost: bytes.count)) { removed.append(try Timestamp.read(from: &reader)) }
            relations[relation].remove(tags: removed)
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed(offset: reader.offset) }
    }
}

extension Timestamp {
    func write(to writer: inout ByteWriter) {
        writer.append(wallMicros)
        writer.append(Int(counter))
        writer.append(replica.index)
    }

    static func read(from reader: inout ByteReader) throws(ByteReader.Malformed) -> Timestamp {
        let wall = try reader.int64()
        let counter = try reader.int(atMost: Int(UInt32.max))
        let replica = try reader.int(atMost: Int(UInt16.max))
        return Timestamp(wallMicros: wall, counter: UInt32(counter), replica: ReplicaID(replica))
    }
}

extension FieldValue {
    static func read(from reader: inout ByteReader) throws(ByteReader.Malformed) -> FieldValue {
        switch try reader.int(atMost: 2) {
        case 1: return .string(try reader.string())
        case 2: return .int(try reader.int64())
        default: throw ByteReader.Malformed(offset: reader.offset)
        }
    }
}
