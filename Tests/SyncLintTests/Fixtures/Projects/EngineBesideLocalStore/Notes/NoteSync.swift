import CloudKit

final class NoteSync: CKSyncEngineDelegate {
    // The engine is made once the delegate exists: CKSyncEngine(configuration) below.
    var engine: CKSyncEngine?

    func start(state: CKSyncEngine.State.Serialization?) {
        let configuration = CKSyncEngine.Configuration(
            database: CKContainer.default().privateCloudDatabase,
            stateSerialization: state,
            delegate: self
        )
        engine = CKSyncEngine(configuration)
    }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {}

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        nil
    }
}
