import SyncModel
import SyncSimulation
import Testing

/// ``CloudKitConflict/resolve(local:server:mergesFields:)`` alone.
struct CloudKitConflictTests {
    typealias F = CloudKitServerFixtures

    /// The server's copy: name written at 5 s by r1; the device's: city at
    /// 3 s and the name at 4 s, by r2.
    static let server = F.user(1, email: "a@x", userName: "Server", city: "Oslo", stamp: ts(5_000_000, 0, 0))
    static let local = F.editing(F.user(1, email: "a@x", userName: "Local", city: "Lyon", stamp: ts(3_000_000, 0, 1)),
                                 field: Fixtures.userName, to: "Local", stamp: ts(4_000_000, 0, 1))

    @Test func serverWinsAndClientWins() {
        #expect(CloudKitConflict(policy: .serverWins).resolve(local: Self.local, server: Self.server, mergesFields: false) == .adoptServer)
        #expect(CloudKitConflict(policy: .clientWins).resolve(local: Self.local, server: Self.server, mergesFields: false) == .keepLocal)
    }

    /// Record dates: the latest stamp of each copy (5 s against 4 s).
    @Test func recordLWWComparesRecordDates() {
        let byDevice = CloudKitConflict(policy: .recordLWW, clock: .device)
        #expect(CloudKitConflict.recordDateMicros(Self.local) == 4_000_000)
        #expect(byDevice.resolve(local: Self.local, server: Self.server, mergesFields: false) == .adoptServer)
        #expect(byDevice.resolve(local: Self.server, server: Self.local, mergesFields: false) == .keepLocal)
        // A tie keeps the local copy, as Apple's sample does.
        let sameDate = F.user(1, email: "a@x", userName: "Other", stamp: ts(5_000_000, 0, 1))
        #expect(byDevice.resolve(local: sameDate, server: Self.server, mergesFields: false) == .keepLocal)
        // By server dates the pending save lands later: the local copy wins.
        #expect(CloudKitConflict(policy: .recordLWW, clock: .server).resolve(local: Self.local, server: Self.server, mergesFields: false) == .keepLocal)
    }

    @Test func fieldLWWAndCRDTMergePerField() {
        let merged = Self.local.merged(with: Self.server)
        #expect(merged.value(Fixtures.userName) == .string("Server"))
        #expect(merged.value(Fixtures.city) == .string("Oslo"))
        #expect(CloudKitConflict(policy: .fieldLWW).resolve(local: Self.local, server: Self.server, mergesFields: false) == .merged(merged))
        for policy in CloudKitConflict.Policy.allCases {
            #expect(CloudKitConflict(policy: policy).resolve(local: Self.local, server: Self.server, mergesFields: true) == .merged(merged))
        }
    }

    /// A pending delete carries no date: only serverWins gives it up.
    @Test func aPendingDeleteIsKeptButUnderServerWins() {
        var deleted = Self.local
        deleted.markDeleted(observing: Self.local)
        for policy in CloudKitConflict.Policy.allCases {
            let expected: CloudKitConflict.Resolution = policy == .serverWins ? .adoptServer : .keepLocal
            #expect(CloudKitConflict(policy: policy).resolve(local: deleted, server: Self.server, mergesFields: false) == expected)
        }
    }

    @Test func differingKeys() {
        let keys = CloudKitRecordKeys.differing(Self.local, Self.server)
        #expect(keys.fields == [0, 1, 2])
        #expect(keys.existence)
        #expect(CloudKitRecordKeys.differing(Self.server, Self.server) == .none)
    }
}
