import SyncModel
import SyncStore
import Testing

/// A store that misreports one thing about an honest memory store, so the
/// audit has something to find.
private struct LyingStore: Store {
    enum Lie { case none, duplicateCount, digest, hidesHolder, claimsUniqueness }
    var inner: MemoryStore
    var lie: Lie

    var schema: Schema { inner.schema }
    var enforcesUniqueness: Bool { lie == .claimsUniqueness ? true : inner.enforcesUniqueness }
    var commitCount: Int { inner.commitCount }
    var duplicateCount: Int { inner.duplicateCount + (lie == .duplicateCount ? 1 : 0) }
    var digest: StateDigest { lie == .digest ? inner.digest + StateDigest(high: 0, low: 1) : inner.digest }
    func record(_ id: RecordID) -> Record? { inner.record(id) }
    func liveRecordIDs(holding key: NaturalKey) -> [RecordID] {
        let ids = inner.liveRecordIDs(holding: key)
        return lie == .hidesHolder ? Array(ids.dropFirst()) : ids
    }
    func duplicatedKeys(of uniqueKey: UniqueKeyID) -> [NaturalKey] { inner.duplicatedKeys(of: uniqueKey) }
    func allRecords() -> [Record] { inner.allRecords() }
    mutating func commit(_ transaction: Transaction) throws(StoreError) { try inner.commit(transaction) }
    mutating func addUniqueConstraints() throws(StoreError) { try inner.addUniqueConstraints() }
}

@Suite struct StoreAuditTests {
    /// Two live users holding one email, and one deleted user.
    static func storeWithADuplicate() throws -> MemoryStore {
        var store = MemoryStore(schema: Fixtures.schema, enforcesUniqueness: false)
        var first = Record(id: rid(1), entity: Fixtures.user, schema: Fixtures.schema)
        first.set(Fixtures.email, to: .string("x@example.com"), stamp: ts(1))
        first.markCreated(ts(1))
        var second = Record(id: rid(2), entity: Fixtures.user, schema: Fixtures.schema)
        second.set(Fixtures.email, to: .string("x@example.com"), stamp: ts(2))
        second.markCreated(ts(2))
        var gone = Record(id: rid(3), entity: Fixtures.user, schema: Fixtures.schema)
        gone.set(Fixtures.email, to: .string("y@example.com"), stamp: ts(3))
        gone.markCreated(ts(3))
        try store.commit(Transaction([.merge(first), .merge(second), .merge(gone)]))
        gone.markDeleted(creation: ts(3))
        try store.commit(Transaction([.merge(gone)]))
        return store
    }

    @Test func anHonestStorePasses() throws {
        let store = try Self.storeWithADuplicate()
        #expect(store.duplicateCount == 1)
        #expect(store.auditProblem() == nil)
        #expect(LyingStore(inner: store, lie: .none).auditProblem() == nil)
    }

    @Test(arguments: [
        (LyingStore.Lie.duplicateCount, "store.duplicateCount"),
        (.digest, "store.digest"),
        (.hidesHolder, "store.liveIndex"),
        (.claimsUniqueness, "store.uniqueIndex"),
    ])
    fileprivate func eachLieIsFound(lie: LyingStore.Lie, name: String) throws {
        let store = LyingStore(inner: try Self.storeWithADuplicate(), lie: lie)
        #expect(store.auditProblem()?.name == name)
    }
}
