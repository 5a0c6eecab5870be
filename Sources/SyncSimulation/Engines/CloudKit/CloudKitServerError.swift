import SyncModel

/// Why the server refused one item of a modify call: the per-item errors a
/// `CKError.partialFailure` carries under `CKPartialErrorsByItemIDKey`.
public enum CloudKitServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `CKError.Code.serverRecordChanged`, documented: "the server's version
    /// of the record is newer than the local version the client's trying to
    /// save". Carries the server's record (`CKRecordChangedErrorServerRecordKey`),
    /// which the device merges into and saves again with its tag.
    case serverRecordChanged(serverRecord: CloudKitServerRecord)
    /// `CKError.Code.unknownItem`, documented: "the specified record doesn't
    /// exist". An update of a record deleted on the server, or (by the
    /// server's settings) a delete of a missing one.
    case unknownItem(name: RecordID)
    /// `CKError.Code.batchRequestFailed`, documented: in an atomic batch "the
    /// items that cause the problem have their own errors, and all other
    /// items in the batch have a `batchRequestFailed` error"; nothing in the
    /// batch is applied.
    case batchRequestFailed
    /// `CKError.Code.serverRejectedRequest`: what SQLiteData's mock database
    /// answers a new record whose name exists (``CloudKitNewRecordConflict``);
    /// it carries no record.
    case serverRejectedRequest(name: RecordID)

    /// The `CKError.Code` name.
    public enum Code: String, Hashable, Sendable {
        case serverRecordChanged, unknownItem, batchRequestFailed, serverRejectedRequest
    }

    /// The error's `CKError.Code`.
    public var code: Code {
        switch self {
        case .serverRecordChanged: .serverRecordChanged
        case .unknownItem: .unknownItem
        case .batchRequestFailed: .batchRequestFailed
        case .serverRejectedRequest: .serverRejectedRequest
        }
    }

    /// For a person.
    public var description: String {
        switch self {
        case .serverRecordChanged(let server):
            "serverRecordChanged: the server holds record \(server.name) at \(server.changeTag)"
        case .unknownItem(let name):
            "unknownItem: the server has no record \(name)"
        case .batchRequestFailed:
            "batchRequestFailed: another item of this atomic batch failed, so none was applied"
        case .serverRejectedRequest(let name):
            "serverRejectedRequest: the server refused a new record \(name) whose name it holds"
        }
    }
}
