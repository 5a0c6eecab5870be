/// The stored form of a key's values, as a store indexes them: equal keys
/// give equal bytes, and the bytes read back to the same key.
extension NaturalKey {
    /// The key's values as stored bytes: a count, then each value.
    public func encodedValues() -> [UInt8] {
        var writer = ByteWriter(capacity: 64)
        writer.append(values.count)
        for value in values { value.write(to: &writer) }
        return writer.bytes
    }

    /// Reads bytes written by ``encodedValues()``; throws on damaged bytes.
    public init(uniqueKey: UniqueKeyID, decodingValues bytes: [UInt8]) throws(ByteReader.Malformed) {
        var reader = ByteReader(bytes)
        var values: [FieldValue] = []
        for _ in 0 ..< (try reader.int(atMost: bytes.count)) { values.append(try FieldValue.read(from: &reader)) }
        guard reader.isAtEnd else { throw ByteReader.Malformed(offset: reader.offset) }
        self.init(uniqueKey: uniqueKey, values: values)
    }
}
