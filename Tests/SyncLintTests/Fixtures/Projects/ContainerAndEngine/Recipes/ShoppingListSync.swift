import CloudKit

/// The shopping list is not in Core Data: it syncs through its own engine.
final class ShoppingListSync: CKSyncEngineDelegate {
    lazy var engine = CKSyncEngine(CKSyncEngine.Configuration(
        database: CKContainer.default().privateCloudDatabase,
        stateSerialization: nil,
        delegate: self
    ))

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {}

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        nil
    }
}
