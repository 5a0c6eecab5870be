/// A record's registers, one per field of its entity, indexed as in the
/// schema: what `[Register?]` was before the registers moved into the
/// record's single allocation (``RecordStorage``).
///
/// A value like an array: writing through a copy leaves the record it came
/// from unchanged. Equality and hashing are an array's of the same registers.
///
/// `@unchecked Sendable` is safe: its only stored property is a
/// ``RecordStorage``, written only while this value holds the sole
/// reference to it (see there), so a storage two threads share is never
/// written.
public struct RecordFields: RandomAccessCollection, MutableCollection, Hashable, @unchecked Sendable, ExpressibleByArrayLiteral {
    var storage: RecordStorage

    init(storage: RecordStorage) {
        self.storage = storage
    }

    /// Registers from a list: a record with no creation and no relationship around them.
    public init(arrayLiteral registers: Register?...) {
        storage = RecordStorage.make(registers: registers)
    }

    /// Always zero.
    public var startIndex: Int { 0 }
    /// The number of fields.
    public var endIndex: Int { storage.head.pointee.fieldCount }

    /// The register of field `position`; nil where never written.
    public subscript(position: Int) -> Register? {
        get { storage.register(at: position) }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.setRegister(newValue, at: position)
        }
    }

    /// Equal when the registers are, field by field.
    public static func == (lhs: RecordFields, rhs: RecordFields) -> Bool {
        lhs.storage.registersEqual(rhs.storage)
    }

    /// Hashes as `[Register?]` does.
    public func hash(into hasher: inout Hasher) {
        storage.hashRegisters(into: &hasher)
    }
}
