/// A point in one zone's history: `CKServerChangeToken` as
/// `CKFetchRecordZoneChangesOperation` hands it out.
///
/// Apple documents it as "an opaque pointer to a specific change in the
/// zone's history"; a fetch returns "only the changes that occur after that
/// point", and a nil token fetches the zone's whole history. Here it is the
/// zone change counter the fetch had reached. Tokens do not expire
/// (`CKError.changeTokenExpired` is not modelled): the zone keeps every
/// tombstone.
public struct CloudKitChangeToken: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zone change counter the fetch had reached.
    public let counter: UInt64

    /// The token at counter `counter`.
    public init(counter: UInt64) {
        self.counter = counter
    }

    /// Orders by counter: the later point in the zone's history is greater.
    public static func < (lhs: CloudKitChangeToken, rhs: CloudKitChangeToken) -> Bool {
        lhs.counter < rhs.counter
    }

    /// `token` and the counter, such as `token12`.
    public var description: String { "token\(counter)" }
}
