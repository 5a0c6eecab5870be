/// The heap part of a ``Record``: its registers laid out after a header
/// that holds its creations, deleted creations and relationship sets.
///
/// One allocation and one reference count per record, where four arrays
/// made four: copying a record (into a slot, an operation, a change set)
/// retains one object, not four. The creation, deletion and relation
/// arrays stay arrays inside the header, so a replica that copies a record
/// to merge an update into it still shares them with every other replica
/// that applied the same create (docs/performance.md, "Third round", says
/// why that sharing matters more than one allocation fewer).
///
/// Copy-on-write is the owner's: ``Record`` and ``RecordFields`` call
/// ``copy()`` before writing unless they hold the only reference.
///
/// Not `Sendable` itself (`ManagedBuffer` rules it out); its owners are,
/// unchecked: an instance is written only through a reference that
/// `isKnownUniquelyReferenced` proved to be the only one, so an instance
/// two threads can see is never written again (the rule that makes
/// `Array`'s buffer safe to send).
final class RecordStorage: ManagedBuffer<RecordStorage.Header, Register?> {
    /// Everything of a record but its id, entity and registers.
    struct Header {
        /// Stamps of the creates, sorted.
        var creations: [Timestamp]
        /// Creations that a delete removed, sorted.
        var deletedCreations: [Timestamp]
        /// One set per relationship the entity owns.
        var relations: [ObservedRemoveSet]
        /// How many registers follow the header; the buffer's own capacity
        /// may be larger (the allocator rounds up).
        let fieldCount: Int
    }

    /// A storage with `fieldCount` registers never written and `header`'s arrays.
    static func make(fieldCount: Int, header: Header) -> RecordStorage {
        precondition(header.fieldCount == fieldCount, "a record storage's header counts \(header.fieldCount) fields, not \(fieldCount)")
        let buffer = create(minimumCapacity: fieldCount) { _ in header }
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: nil, count: fieldCount) }
        return unsafeDowncast(buffer, to: RecordStorage.self)
    }

    /// An empty record's storage: no register written, no creation, and
    /// `relationCount` empty sets.
    static func make(fieldCount: Int, relationCount: Int) -> RecordStorage {
        let relations = relationCount == 0 ? [] : Array(repeating: ObservedRemoveSet(), count: relationCount)
        return make(fieldCount: fieldCount, header: Header(creations: [], deletedCreations: [], relations: relations, fieldCount: fieldCount))
    }

    /// A storage holding `registers` and nothing else (a ``RecordFields`` array literal).
    static func make(registers: [Register?]) -> RecordStorage {
        let storage = make(fieldCount: registers.count, relationCount: 0)
        storage.withUnsafeMutablePointerToElements { elements in
            for (index, register) in registers.enumerated() { elements[index] = register }
        }
        return storage
    }

    /// A second storage with the same contents, for a writer that does
    /// not hold this one alone. The header's arrays are shared, not copied.
    func copy() -> RecordStorage {
        let count = fieldCount
        let buffer = RecordStorage.create(minimumCapacity: count) { _ in head.pointee }
        withUnsafeMutablePointerToElements { source in
            buffer.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: count) }
        }
        return unsafeDowncast(buffer, to: RecordStorage.self)
    }

    /// The header, in place: reading `header` itself would copy it (three
    /// retains) behind a dynamic exclusivity check. Valid while the
    /// storage lives, which every caller's reference guarantees.
    var head: UnsafeMutablePointer<Header> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The number of registers.
    var fieldCount: Int {
        @inline(__always) get { head.pointee.fieldCount }
    }

    /// The register at `index`, which must be below the field count.
    @inline(__always)
    func register(at index: Int) -> Register? {
        precondition(index >= 0 && index < fieldCount, "field \(index) out of range 0..<\(fieldCount)")
        return withUnsafeMutablePointerToElements { $0[index] }
    }

    /// Writes the register at `index`; the caller holds the only reference.
    @inline(__always)
    func setRegister(_ register: Register?, at index: Int) {
        precondition(index >= 0 && index < fieldCount, "field \(index) out of range 0..<\(fieldCount)")
        withUnsafeMutablePointerToElements { $0[index] = register }
    }

    /// True when both hold equal registers (counts included).
    func registersEqual(_ other: RecordStorage) -> Bool {
        if self === other { return true }
        let count = fieldCount
        guard count == other.fieldCount else { return false }
        return withUnsafeMutablePointerToElements { mine in
            other.withUnsafeMutablePointerToElements { theirs in
                (0 ..< count).allSatisfy { mine[$0] == theirs[$0] }
            }
        }
    }

    /// Hashes the registers as `[Register?]` hashes itself: the count, then each.
    func hashRegisters(into hasher: inout Hasher) {
        let count = fieldCount
        hasher.combine(count)
        withUnsafeMutablePointerToElements { elements in
            for index in 0 ..< count { hasher.combine(elements[index]) }
        }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.fieldCount) }
    }
}
