import SyncModel

/// What one modify call did, item by item, in the order the items were
/// given: `perRecordSaveBlock` and `perRecordDeleteBlock` results.
public struct CloudKitModifyResult: Hashable, Sendable {
    /// One result per save: the record as the server now holds it (with its
    /// new change tag and dates), or why it was refused.
    public let saves: [Result<CloudKitServerRecord, CloudKitServerError>]
    /// One result per delete: the deleted name, or why it was refused.
    public let deletes: [Result<RecordID, CloudKitServerError>]

    /// A result of the given per-item results, in request order.
    public init(saves: [Result<CloudKitServerRecord, CloudKitServerError>],
                deletes: [Result<RecordID, CloudKitServerError>]) {
        self.saves = saves
        self.deletes = deletes
    }

    /// True when some item failed: the operation as a whole then reports
    /// `CKError.partialFailure` with the per-item errors (documented).
    public var isPartialFailure: Bool {
        saves.contains { if case .failure = $0 { true } else { false } }
            || deletes.contains { if case .failure = $0 { true } else { false } }
    }

    /// The records saved, in request order.
    public var savedRecords: [CloudKitServerRecord] {
        saves.compactMap { try? $0.get() }
    }

    /// The names deleted (or reported deleted), in request order.
    public var deletedNames: [RecordID] {
        deletes.compactMap { try? $0.get() }
    }
}
