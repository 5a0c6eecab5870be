import SyncModel
import Testing
import TestSupport

/// The stored form of a record and of a natural key's values: what a
/// SQLite store writes and reads back. A record read back must be the
/// record written, stamps and tombstones included, and damaged bytes must
/// throw ``ByteReader/Malformed``, never crash.
struct RecordCodecTests {
    /// Entities of different shapes, so a wrong entity index cannot decode
    /// by accident: 3 fields and 2 relations, 1 field and none, 4 fields
    /// and 1 relation.
    static let schema = Schema(entities: [
        EntitySchema(name: "Order", fields: ["number", "customer", "note"], uniqueKeys: [["number"]],
                     relations: [.init(name: "lines", target: "Line"), .init(name: "tags", target: "Tag")]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
        EntitySchema(name: "Line", fields: ["sku", "quantity", "price", "comment"], uniqueKeys: [["sku", "quantity"]],
                     relations: [.init(name: "tags", target: "Tag")]),
    ])

    static let strings = ["", "a", "ada@example.com", "Zoë", "日本語", "🙂👍🏽", "e\u{301}", "tab\tnew\nline", "nul\u{0}inside",
                          String(repeating: "long", count: 100)]

    /// A random record: every field unset, a stamped "unset", an int or a
    /// string; a few creations, some deleted, some deletions of creations
    /// never seen; relation adds and removes.
    static func randomRecord(_ rng: inout TestRandom) -> Record {
        let entity = EntityIndex(rng.below(schema.entities.count))
        var record = Record(id: RecordID(high: rng.next(), low: rng.next()), entity: entity, schema: schema)
        func stamp() -> Timestamp {
            let wall: Int64 = rng.chance(10) ? rng.pick([Int64.min, Int64.max, 0, -1]) : Int64(bitPattern: rng.next() >> 20)
            let counter: UInt32 = rng.chance(10) ? UInt32.max : UInt32(rng.below(1_000))
            let replica = rng.chance(10) ? Int(UInt16.max) : rng.below(40)
            return Timestamp(wallMicros: wall, counter: counter, replica: ReplicaID(replica))
        }
        for field in record.fields.indices {
            switch rng.below(5) {
            case 0: continue
            case 1: record.fields[field] = Register(value: nil, stamp: stamp())
            case 2:
                let number: Int64 = rng.chance(20) ? rng.pick([Int64.min, Int64.max, 0, -1]) : Int64(bitPattern: rng.next())
                record.fields[field] = Register(value: .int(number), stamp: stamp())
            default: record.fields[field] = Register(value: .string(rng.pick(strings)), stamp: stamp())
            }
        }
        var creations: [Timestamp] = []
        for _ in 0 ..< rng.below(4) {
            let creation = stamp()
            creations.append(creation)
            record.markCreated(creation)
        }
        for creation in creations where rng.chance(40) { record.markDeleted(creation: creation) }
        if rng.chance(20) { record.markDeleted(creation: stamp()) }
        for relation in record.relations.indices {
            var tags: [Timestamp] = []
            for _ in 0 ..< rng.below(4) {
                let tag = stamp()
                tags.append(tag)
                record.relations[relation].add(RecordID(high: rng.next(), low: rng.next()), tag: tag)
            }
            record.relations[relation].remove(tags: tags.filter { _ in rng.chance(40) })
            if rng.chance(20) { record.relations[relation].remove(tags: [stamp()]) }
        }
        return record
    }

    static func decodingError(_ bytes: [UInt8]) -> ByteReader.Malformed? {
        do {
            _ = try Record(decoding: bytes, schema: schema)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Round trips

    @Test(arguments: 0 ..< 12)
    func randomRecordsRoundTripExactly(seed: Int) throws {
        var rng = TestRandom(seed: UInt64(seed))
        for index in 0 ..< 40 {
            let record = Self.randomRecord(&rng)
            let bytes = record.encoded()
            let decoded = try Record(decoding: bytes, schema: Self.schema)
            #expect(decoded == record, "seed \(seed), record \(index)")
            #expect(decoded.materialisedDigest == record.materialisedDigest, "seed \(seed), record \(index)")
            #expect(decoded.isLive == record.isLive)
            #expect(decoded.fields == record.fields)
            #expect(decoded.creations == record.creations && decoded.deletedCreations == record.deletedCreations)
            #expect(decoded.relations == record.relations)
            // The form is canonical: the decoded record writes the same bytes.
            #expect(decoded.encoded() == bytes, "seed \(seed), record \(index)")
        }
    }

    @Test func theRandomRecordsCoverEveryShape() {
        var rng = TestRandom(seed: 0)
        var records: [Record] = []
        for _ in 0 ..< 12 * 40 { records.append(Self.randomRecord(&rng)) }
        let registers = records.flatMap(\.fields)
        #expect(registers.contains { $0 == nil })
        #expect(registers.contains { $0 != nil && $0?.value == nil })
        #expect(registers.contains { if case .int = $0?.value { return true } else { return false } })
        #expect(registers.contains { $0?.value == .string("") })
        #expect(registers.contains { $0?.value == .string("日本語") })
        #expect(records.contains { $0.creations.count >= 2 })
        #expect(records.contains { !$0.deletedCreations.isEmpty && $0.isLive })
        #expect(records.contains { !$0.deletedCreations.isEmpty && !$0.isLive })
        #expect(records.contains { $0.relations.contains { !$0.removedTags.isEmpty && !$0.elements.isEmpty } })
        #expect(Set(records.map(\.entity)).count == Self.schema.entities.count)
    }

    @Test func anEmptyRecordRoundTrips() throws {
        for entity in Self.schema.entities.indices {
            let record = Record(id: RecordID(high: 0, low: 0), entity: EntityIndex(entity), schema: Self.schema)
            let decoded = try Record(decoding: record.encoded(), schema: Self.schema)
            #expect(decoded == record)
            #expect(decoded.isEmpty)
            #expect(decoded.materialisedDigest == .zero)
        }
    }

    @Test func unsetNeverWrittenAndEmptyStringStayDifferent() throws {
        var record = Record(id: rid(7), entity: EntityIndex(1), schema: Self.schema)
        record.markCreated(ts(1))
        let never = try Record(decoding: record.encoded(), schema: Self.schema)
        record.set(0, to: nil, stamp: ts(2))
        let unset = try Record(decoding: record.encoded(), schema: Self.schema)
        record.set(0, to: .string(""), stamp: ts(3))
        let empty = try Record(decoding: record.encoded(), schema: Self.schema)
        #expect(never.fields[0] == nil)
        #expect(unset.fields[0] == Register(value: nil, stamp: ts(2)))
        #expect(empty.fields[0] == Register(value: .string(""), stamp: ts(3)))
        #expect(Set([never.encoded(), unset.encoded(), empty.encoded()]).count == 3)
    }

    @Test func anIntAndTheStringOfItAreDifferentValues() throws {
        var asInt = Record(id: rid(1), entity: EntityIndex(1), schema: Self.schema)
        asInt.set(0, to: .int(7), stamp: ts(1))
        var asString = Record(id: rid(1), entity: EntityIndex(1), schema: Self.schema)
        asString.set(0, to: .string("7"), stamp: ts(1))
        #expect(try Record(decoding: asInt.encoded(), schema: Self.schema).value(0) == .int(7))
        #expect(try Record(decoding: asString.encoded(), schema: Self.schema).value(0) == .string("7"))
        #expect(asInt.encoded() != asString.encoded())
    }

    /// The layout is pinned: a stored database must stay readable.
    @Test func theLayoutIsPinned() {
        var record = Record(id: RecordID(high: 1, low: 2), entity: EntityIndex(1), schema: Self.schema)
        record.set(0, to: .string("é"), stamp: Timestamp(wallMicros: 3, counter: 4, replica: ReplicaID(5)))
        record.markCreated(Timestamp(wallMicros: 6, counter: 0, replica: ReplicaID(0)))
        func le(_ value: UInt64) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) } }
        let expected: [UInt8] = le(1) + le(2) // id
            + le(1) // entity
            + le(1) // field count
            + le(1) + le(1) + le(2) + [0xC3, 0xA9] // a value: a string of 2 UTF-8 bytes
            + le(3) + le(4) + le(5) // its stamp
            + le(1) + le(6) + le(0) + le(0) // one creation
            + le(0) // no deletions
            + le(0) // no relations
        #expect(record.encoded() == expected)
    }

    // MARK: Damaged bytes

    /// Where the string values of an encoded record lie: only fields hold
    /// strings. Walks valid bytes only, with the public reader.
    static func stringContents(_ bytes: [UInt8]) throws -> [Range<Int>] {
        var reader = ByteReader(bytes)
        var contents: [Range<Int>] = []
        _ = try reader.recordID()
        _ = try reader.int(atMost: 1_000)
        for _ in 0 ..< (try reader.int(atMost: 1_000)) {
            let tag = try reader.int(atMost: 2)
            if tag == 0 { continue }
            if tag == 1 {
                if try reader.int(atMost: 2) == 1 {
                    let start = reader.offset + 8
                    _ = try reader.string()
                    contents.append(start ..< reader.offset)
                } else {
                    _ = try reader.int64()
                }
            }
            for _ in 0 ..< 3 { _ = try reader.int64() }
        }
        return contents
    }

    /// Prefix lengths that cut 1 to 8 bytes off the end of a string value
    /// and everything after it: those crash `ByteReader.string()` (see
    /// `aStringLengthPastTheEndThrows`), so the property test below leaves
    /// them to that test.
    static func overReadingLengths(_ bytes: [UInt8]) throws -> Set<Int> {
        var lengths = Set<Int>()
        for content in try stringContents(bytes) where !content.isEmpty {
            lengths.formUnion(max(content.lowerBound, content.upperBound - 8) ..< content.upperBound)
        }
        return lengths
    }

    @Test(arguments: 0 ..< 4)
    func everyTruncationThrows(seed: Int) throws {
        var rng = TestRandom(seed: UInt64(100 + seed))
        var checked = 0
        for _ in 0 ..< 6 {
            let bytes = Self.randomRecord(&rng).encoded()
            let skipped = try Self.overReadingLengths(bytes)
            for length in 0 ..< bytes.count where !skipped.contains(length) {
                checked += 1
                #expect(Self.decodingError(Array(bytes.prefix(length))) != nil, "seed \(seed): \(length) of \(bytes.count) bytes decoded")
            }
        }
        #expect(checked > 1_000)
    }

    /// A string length that runs past the end of the bytes, even by one to
    /// eight bytes (the width of the length itself), throws; it once trapped.
    @Test func aStringLengthPastTheEndThrows() {
        let schema = Schema(entities: [EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]])])
        var record = Record(id: RecordID(high: 0, low: 1), entity: EntityIndex(0), schema: schema)
        record.set(0, to: .string("abcd"), stamp: Timestamp(wallMicros: 1, counter: 0, replica: ReplicaID(0)))
        let bytes = record.encoded()
        // 56: the string's first byte (id 16, entity 8, count 8, tag 8, kind 8, length 8).
        for cut in 56 ... 59 {
            #expect(throws: ByteReader.Malformed.self, "cut at \(cut)") { try Record(decoding: Array(bytes.prefix(cut)), schema: schema) }
        }
        func word(_ value: UInt64) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) } }
        // One value, a string, of 4 bytes, none of which follow.
        #expect(throws: ByteReader.Malformed.self) {
            try NaturalKey(uniqueKey: UniqueKeyID(entity: EntityIndex(0), key: 0), decodingValues: word(1) + word(1) + word(4))
        }
    }

    @Test func anEmptyBufferThrowsAtOffsetZero() {
        #expect(Self.decodingError([])?.offset == 0)
        #expect(Self.decodingError([])?.description == "malformed record bytes at offset 0")
    }

    @Test(arguments: 0 ..< 4)
    func trailingBytesThrowAtTheEndOfTheRecord(seed: Int) throws {
        var rng = TestRandom(seed: UInt64(200 + seed))
        for _ in 0 ..< 10 {
            let bytes = Self.randomRecord(&rng).encoded()
            for extra in [[0], [0xff], [UInt8](repeating: 0, count: 8), bytes] {
                let error = try #require(Self.decodingError(bytes + extra))
                #expect(error.offset == bytes.count)
            }
        }
    }

    @Test func aWrongEntityIndexThrows() throws {
        var record = Record(id: rid(3), entity: EntityIndex(0), schema: Self.schema)
        record.markCreated(ts(1))
        record.set(0, to: .string("n1"), stamp: ts(1))
        record.relations[0].add(rid(9), tag: ts(2))
        let bytes = record.encoded()
        func withEntity(_ value: Int64) -> [UInt8] {
            var damaged = bytes
            for index in 0 ..< 8 { damaged[16 + index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> UInt64(8 * index)) }
            return damaged
        }
        #expect(try Record(decoding: withEntity(0), schema: Self.schema) == record)
        // Out of the schema: past the end, far past it, negative.
        for entity: Int64 in [3, 4, 1 << 40, Int64.max, -1, Int64.min] {
            #expect(Self.decodingError(withEntity(entity))?.offset == 16, "entity \(entity)")
        }
        // In the schema but another shape: the field count no longer matches.
        #expect(Self.decodingError(withEntity(1))?.offset == 24) // 3 fields, more than Tag's 1
        #expect(Self.decodingError(withEntity(2))?.offset == 32) // 3 fields, fewer than Line's 4
        // A record of a schema with fewer entities.
        let small = Schema(entities: [EntitySchema(name: "Only", fields: ["a", "b", "c"], uniqueKeys: [])])
        #expect(throws: ByteReader.Malformed.self) { try Record(decoding: withEntity(1), schema: small) }
    }

    @Test func aWrongFieldOrRelationCountThrows() {
        var record = Record(id: rid(3), entity: EntityIndex(1), schema: Self.schema)
        record.set(0, to: .int(1), stamp: ts(1))
        var bytes = record.encoded()
        bytes[24] = 2 // 2 fields instead of 1
        #expect(Self.decodingError(bytes)?.offset == 24)
        bytes[24] = 0 // 0 fields: within the bound, but not the entity's count
        #expect(Self.decodingError(bytes)?.offset == 32)
        var relations = record.encoded()
        relations[relations.count - 8] = 1 // the last word: the relation count
        #expect(Self.decodingError(relations)?.offset == relations.count - 8)
    }

    @Test func aBadValueTagOrStringLengthThrows() {
        var record = Record(id: rid(3), entity: EntityIndex(1), schema: Self.schema)
        record.set(0, to: .string("abc"), stamp: ts(1))
        let bytes = record.encoded()
        // 32: the register tag (1 = value); 40: the value kind (1 = string); 48: the length.
        var badRegister = bytes
        badRegister[32] = 3
        #expect(Self.decodingError(badRegister)?.offset == 32)
        var badKind = bytes
        badKind[40] = 0
        #expect(Self.decodingError(badKind)?.offset == 48)
        badKind[40] = 3
        #expect(Self.decodingError(badKind)?.offset == 40)
        var longString = bytes
        longString[48] = 200
        #expect(Self.decodingError(longString)?.offset == 48)
        var negativeLength = bytes
        negativeLength[55] = 0x80
        #expect(Self.decodingError(negativeLength)?.offset == 48)
    }

    @Test func hugeCountsThrowWithoutAllocatingOrLooping() {
        var record = Record(id: rid(3), entity: EntityIndex(1), schema: Self.schema)
        record.markCreated(ts(1))
        var bytes = record.encoded()
        // 24 + 8 (field count) + 8 (unset register) = 40: the creation count.
        for index in 0 ..< 8 { bytes[40 + index] = 0xff }
        bytes[47] = 0x7f
        #expect(Self.decodingError(bytes)?.offset == 40)
    }

    @Test(arguments: 0 ..< 4)
    func randomGarbageThrows(seed: Int) {
        var rng = TestRandom(seed: UInt64(300 + seed))
        for _ in 0 ..< 500 {
            let garbage = (0 ..< rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(Self.decodingError(garbage) != nil, "seed \(seed): \(garbage) decoded")
        }
    }

    /// One damaged byte anywhere: decoding may succeed (a byte inside a
    /// string or a stamp) but must never crash, and whatever it reads must
    /// write back to bytes that decode to the same record.
    @Test(arguments: 0 ..< 4)
    func aDamagedByteNeverCrashes(seed: Int) throws {
        var rng = TestRandom(seed: UInt64(400 + seed))
        var thrown = 0, decoded = 0
        for _ in 0 ..< 20 {
            let bytes = Self.randomRecord(&rng).encoded()
            for _ in 0 ..< 20 {
                var damaged = bytes
                let index = rng.below(damaged.count)
                damaged[index] ^= UInt8(1 + rng.below(255))
                do {
                    let record = try Record(decoding: damaged, schema: Self.schema)
                    decoded += 1
                    #expect(try Record(decoding: record.encoded(), schema: Self.schema) == record)
                } catch {
                    thrown += 1
                }
            }
        }
        #expect(thrown > 0 && decoded > 0, "thrown \(thrown), decoded \(decoded)")
    }

    // MARK: Natural keys

    static func randomKey(_ rng: inout TestRandom) -> NaturalKey {
        let uniqueKey = rng.pick(schema.allUniqueKeys)
        let count = schema[uniqueKey.entity].uniqueKeys[uniqueKey.key].count
        let values: [FieldValue] = (0 ..< count).map { _ in
            rng.chance(50) ? .string(rng.pick(strings)) : .int(rng.pick([0, -1, 7, Int64.min, Int64.max]))
        }
        return NaturalKey(uniqueKey: uniqueKey, values: values)
    }

    @Test(arguments: 0 ..< 4)
    func naturalKeyValuesRoundTrip(seed: Int) throws {
        var rng = TestRandom(seed: UInt64(500 + seed))
        for _ in 0 ..< 100 {
            let key = Self.randomKey(&rng)
            let bytes = key.encodedValues()
            let decoded = try NaturalKey(uniqueKey: key.uniqueKey, decodingValues: bytes)
            #expect(decoded == key)
            #expect(decoded.values == key.values)
            #expect(decoded.encodedValues() == bytes)
        }
    }

    @Test func equalKeysGiveEqualBytesAndDifferentKeysDifferentBytes() {
        var rng = TestRandom(seed: 600)
        var byBytes: [[UInt8]: NaturalKey] = [:]
        for _ in 0 ..< 400 {
            let key = Self.randomKey(&rng)
            // The same key built again from scratch.
            let twin = NaturalKey(uniqueKey: key.uniqueKey, values: key.values.map { value in
                switch value {
                case .string(let text): return .string(String(decoding: Array(text.utf8), as: UTF8.self))
                case .int(let number): return .int(number)
                }
            })
            #expect(twin == key)
            #expect(twin.encodedValues() == key.encodedValues())
            // Only the values are encoded (the unique key is the column), so
            // compare keys of one unique key.
            let bytes = key.encodedValues()
            if let seen = byBytes[bytes] {
                #expect(seen.values == key.values, "\(seen) and \(key) share bytes")
            }
            byBytes[bytes] = key
        }
        // Length prefixes keep ("ab", "c") and ("a", "bc") apart; kinds stay apart.
        let line = UniqueKeyID(entity: EntityIndex(2), key: 0)
        #expect(NaturalKey(uniqueKey: line, values: [.string("ab"), .string("c")]).encodedValues()
                    != NaturalKey(uniqueKey: line, values: [.string("a"), .string("bc")]).encodedValues())
        #expect(NaturalKey(uniqueKey: line, values: [.int(1), .string("")]).encodedValues()
                    != NaturalKey(uniqueKey: line, values: [.string("1"), .string("")]).encodedValues())
    }

    @Test func naturalKeyValuesDamagedThrow() throws {
        let key = NaturalKey(uniqueKey: UniqueKeyID(entity: EntityIndex(2), key: 0), values: [.string("sku-1"), .int(3)])
        let bytes = key.encodedValues()
        func error(_ bytes: [UInt8]) -> ByteReader.Malformed? {
            do {
                _ = try NaturalKey(uniqueKey: key.uniqueKey, decodingValues: bytes)
                return nil
            } catch {
                return error
            }
        }
        // 24 ..< 29 holds "sku-1": a cut inside it over-reads (see aStringLengthPastTheEndThrows).
        #expect(Array(bytes[24 ..< 29]) == Array("sku-1".utf8))
        for length in 0 ..< bytes.count where !(24 ..< 29).contains(length) {
            #expect(error(Array(bytes.prefix(length))) != nil, "\(length) bytes decoded")
        }
        #expect(error(bytes + [0])?.offset == bytes.count)
        var rng = TestRandom(seed: 700)
        for _ in 0 ..< 300 {
            let garbage = (0 ..< 1 + rng.below(60)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(error(garbage) != nil, "\(garbage) decoded")
        }
    }

    /// Values are compared by their UTF-8 bytes, as a SQLite `UNIQUE` index
    /// compares them: "café" with one code point and with two are different
    /// keys, with different bytes, in every store and every derived id.
    @Test func canonicallyEquivalentStringsAreDifferentKeys() {
        let uniqueKey = UniqueKeyID(entity: EntityIndex(1), key: 0)
        let composed = NaturalKey(uniqueKey: uniqueKey, values: [.string("caf\u{E9}")])
        let decomposed = NaturalKey(uniqueKey: uniqueKey, values: [.string("cafe\u{301}")])
        #expect(composed != decomposed)
        #expect(composed.encodedValues() != decomposed.encodedValues())
        #expect(Set([composed, decomposed]).count == 2)
        #expect(composed == NaturalKey(uniqueKey: uniqueKey, values: [.string("caf\u{E9}")]))
    }
}
