import SyncModel

/// One device's CloudKit sync state, beside its app (``ReplicaNode``): the
/// records it must still save, the server version it last knew of each
/// record, its change token, and the requests it waits on.
///
/// What an app keeps in its database with CKSyncEngine's state (pending
/// changes, the token, the last known server record of each object, as
/// Apple's sample and SQLiteData keep them; docs/sources/cloudkit-engines.md
/// items 1 and 5) survives a crash; the requests in flight do not.
///
/// A state machine: each mutating method takes one input (a local commit,
/// a sync round, an answer) and returns what it did to the app
/// (``Effects``); it sends nothing itself.
public struct CloudKitDevice: Sendable {
    /// A record with local changes not yet saved.
    struct PendingChange: Hashable, Sendable {
        /// Bumped at every local change and every conflict resolution that
        /// keeps the change: a save's answer clears the pending change only
        /// if nothing changed since that save was sent.
        var version: UInt64
        /// Keys touched since the last successful save of this record, and
        /// the keys a conflict resolution must write over the server's
        /// record: a save's `changedKeys`.
        var keys: CloudKitRecordKeys
    }

    /// A save sent whose answer the device has not seen.
    struct SentSave: Hashable, Sendable {
        /// The record the server holds if the save landed.
        let expected: Record
        let version: UInt64
    }

    /// One save or delete of the modify request in flight.
    struct SentItem: Hashable, Sendable {
        let name: RecordID
        let version: UInt64
    }

    struct FetchInFlight: Hashable, Sendable {
        let request: UInt64
        let sentMicros: Int64
    }

    struct ModifyInFlight: Hashable, Sendable {
        let request: UInt64
        let sentMicros: Int64
        let saves: [SentItem]
        let deletes: [SentItem]
    }

    /// What an input did to the device's app and how it counts.
    struct Effects: Hashable, Sendable {
        /// Remote changes were written to the store (a dedupe pass follows).
        var applied = false
        /// Pending changes that met a server version the device had not seen.
        var conflicts = 0

        static func + (lhs: Effects, rhs: Effects) -> Effects {
            Effects(applied: lhs.applied || rhs.applied, conflicts: lhs.conflicts + rhs.conflicts)
        }
    }

    /// The device's replica.
    public let id: ReplicaID
    /// Records to save, by name. Looked up; batches take the names sorted.
    var pending: [RecordID: PendingChange] = [:]
    /// The last server version of each record the device knows: the cached
    /// `CKRecord` whose change tag the next save is based on.
    var known: [RecordID: CloudKitServerRecord] = [:]
    /// Saves sent and not answered, kept so that the device recognises its
    /// own save when it comes back in a fetch or in a `serverRecordChanged`
    /// answer (its answer was lost, or is still on its way).
    var unconfirmed: [RecordID: SentSave] = [:]
    /// Where the next fetch starts; nil: the zone's whole history.
    public private(set) var token: CloudKitChangeToken?
    var fetchInFlight: FetchInFlight?
    var modifyInFlight: ModifyInFlight?
    /// The record SQLiteData caches as its last known server record when
    /// it sends a row (`refreshLastKnownServerRecord`, `SyncEngine.swift`
    /// 1231, 2003-2023; observed): the outgoing record, when the cache holds
    /// no server copy (a row never sent), or always on the library's mock,
    /// whose records carry no `modificationDate`
    /// (``CloudKitPendingColumnRule/laterEditWins``). A merge reads it in
    /// place of ``known``'s payload; an answer or a merge replaces it.
    var outgoing: [RecordID: Record] = [:]
    /// Names whose save met `unknownItem` and whose re-upload waits for a
    /// fetch sent at or after this request number (`reuploadOrder:
    /// "fetchBetween"`): the deletion that fetch brings wins.
    var awaitingFetch: [RecordID: UInt64] = [:]
    /// Records whose save the server answered with more than the device
    /// sent (another device's keys, kept by a save of some keys): what the
    /// device sent, which the fetch bringing that version merges against,
    /// as a version the device has not met. CloudKit answers a save with
    /// the record it stored (`perRecordSaveBlock`; documented); the device
    /// takes it with the zone's other changes in its next fetch (choice).
    var savedBeyondSent: [RecordID: Record] = [:]
    /// Server records the store refused (a unique index), to try again
    /// once the store has changed.
    var refused: [RecordID: CloudKitServerRecord] = [:]
    /// The store's commit count when the last refusal happened.
    var refusedAtCommit: Int?
    private var lastVersion: UInt64 = 0
    /// Request numbers, per kind, counted from 1 for the whole run (a wipe
    /// does not restart them: the server drops numbers it has answered).
    private(set) var nextFetchRequest: UInt64 = 1
    private(set) var nextModifyRequest: UInt64 = 1

    /// What an edit this device made without seeing a delete does when it
    /// meets the delete (the scenario's `deleteVsEdit`).
    public let deleteVsEdit: DeleteVsEdit

    /// Whether a fetch lands between an `unknownItem` answer and the
    /// re-upload (``CloudKitReuploadOrder``).
    public let reuploadOrder: CloudKitReuploadOrder

    /// A device with nothing pending, known or fetched yet.
    public init(id: ReplicaID, deleteVsEdit: DeleteVsEdit = .arrivalOrder, reuploadOrder: CloudKitReuploadOrder = .reuploadFirst) {
        self.id = id
        self.deleteVsEdit = deleteVsEdit
        self.reuploadOrder = reuploadOrder
    }

    /// Records waiting to be saved.
    public var pendingCount: Int { pending.count }

    // MARK: Inputs from the app and the kernel

    /// The app committed `changes`: every record they touch is to be saved,
    /// with the keys they wrote (CKSyncEngine keeps one pending save per
    /// record however often it changes, item 2).
    mutating func committed(_ changes: [Record]) {
        for change in changes {
            let keys = CloudKitRecordKeys.present(in: change)
            pending[change.id] = PendingChange(version: newVersion(), keys: (pending[change.id]?.keys ?? .none).union(keys))
        }
    }

    /// The app crashed: requests in flight are forgotten (their answers
    /// are lost with them); what the app stored stays.
    mutating func crash() {
        fetchInFlight = nil
        modifyInFlight = nil
    }

    /// The app was deleted and installed again: nothing is pending or
    /// known, and the next fetch starts from the zone's beginning.
    mutating func wipe() {
        let fetchRequest = nextFetchRequest
        let modifyRequest = nextModifyRequest
        self = CloudKitDevice(id: id, deleteVsEdit: deleteVsEdit, reuploadOrder: reuploadOrder)
        nextFetchRequest = fetchRequest
        nextModifyRequest = modifyRequest
    }

    /// Gives up on requests unanswered for `timeoutMicros`: lost, as a
    /// network failure that CKSyncEngine retries itself (item 2). Pending
    /// saves stay and go again.
    mutating func expireRequests(atMicros now: Int64, timeoutMicros: Int64) {
        if let fetch = fetchInFlight, now - fetch.sentMicros >= timeoutMicros { fetchInFlight = nil }
        if let modify = modifyInFlight, now - modify.sentMicros >= timeoutMicros { modifyInFlight = nil }
    }

    // MARK: Requests

    /// A fetch of the changes since the device's token, unless one is in flight.
    mutating func nextFetch(atMicros now: Int64) -> CloudKitMessage? {
        guard fetchInFlight == nil else { return nil }
        let request = nextFetchRequest
        nextFetchRequest += 1
        fetchInFlight = FetchInFlight(request: request, sentMicros: now)
        return .fetch(device: id, request: request, since: token)
    }

    /// One modify request with at most `settings.batch` pending records,
    /// by name, unless one is in flight (CKSyncEngine sends one batch at a
    /// time, item 2). Each save carries the device's current full record
    /// and the change tag it last knew (none for a record it never saw on
    /// the server); a record that is not live is deleted by name, unless
    /// the strategy syncs tombstones or the record never reached the server.
    mutating func nextModify(node: ReplicaNode, settings: CloudKitEngineSettings, atMicros now: Int64) -> CloudKitMessage? {
        guard modifyInFlight == nil, !pending.isEmpty else { return nil }
        let tombstones = node.strategy.syncsRecordsAsCRDTs
        var saves: [CloudKitRecordSave] = []
        var deletes: [RecordID] = []
        var savedItems: [SentItem] = []
        var deletedItems: [SentItem] = []
        for name in pending.keys.sorted() where awaitingFetch[name] == nil {
            guard saves.count + deletes.count < settings.batch else { break }
            let change = pending[name]!
            guard let local = node.store.record(name) else {
                pending[name] = nil
                continue
            }
            if tombstones || local.isLive {
                let base = known[name]
                let keys = base == nil || settings.exportKeys == .all ? CloudKitRecordKeys.present(in: local) : change.keys
                let save = CloudKitLinkRecords.save(local, base: base, changedKeys: keys, links: settings.manyToManyLinks, schema: node.store.schema)
                saves.append(save)
                let expected = base.map { CloudKitLinkRecords.applying(save, to: save.changedKeys.write(local, over: $0.payload)) } ?? local
                unconfirmed[name] = SentSave(expected: expected, version: change.version)
                if settings.conflict.cachesOutgoingRecord(holdingServerCopy: base != nil) { outgoing[name] = expected }
                savedItems.append(SentItem(name: name, version: change.version))
            } else if known[name] != nil || unconfirmed[name] != nil {
                deletes.append(name)
                deletedItems.append(SentItem(name: name, version: change.version))
            } else {
                // Created and deleted before any save reached the server.
                pending[name] = nil
            }
        }
        guard !saves.isEmpty || !deletes.isEmpty else { return nil }
        let request = nextModifyRequest
        nextModifyRequest += 1
        modifyInFlight = ModifyInFlight(request: request, sentMicros: now, saves: savedItems, deletes: deletedItems)
        return .modify(device: id, request: request, saves: saves, deletes: deletes, policy: settings.savePolicy, atomic: settings.atomic)
    }

    // MARK: Answers

    /// The zone's changes since the token: each changed record is met
    /// (applied, or resolved against a pending change), in the server's
    /// order, then each deletion; then the token moves. Only the answer to
    /// the fetch in flight is taken.
    mutating func receiveChanges(_ changes: CloudKitZoneChanges, request: UInt64, node: inout ReplicaNode,
                                 conflict: CloudKitConflict, atMicros now: Int64) -> Effects {
        guard fetchInFlight?.request == request else { return Effects() }
        fetchInFlight = nil
        precondition(changes.token >= (token ?? CloudKitChangeToken(counter: 0)), "\(id) fetched changes older than its token")
        var effects = Effects()
        for record in changes.changed {
            effects = effects + meet(record, node: &node, conflict: conflict, atMicros: now)
        }
        for name in changes.deletedNames {
            effects = effects + meetDeletion(of: name, node: &node, atMicros: now)
        }
        token = changes.token
        // A fetch sent after an unknownItem answer has come back: the
        // deletion it would bring has been met, so the re-upload may go.
        awaitingFetch = awaitingFetch.filter { $0.value > request }
        return effects
    }

    /// The answer to the modify request in flight, item by item.
    ///
    /// - Saved: the returned record is the last known one; the pending
    ///   change goes unless the record changed since the save was sent.
    /// - `serverRecordChanged`: the server's record is met as a fetched one
    ///   would be (a conflict if the change is still pending).
    /// - `unknownItem` (deleted on the server since the device knew it):
    ///   the cached server record is dropped and the save stays pending,
    ///   so it goes again with no tag and creates the record anew: Apple's
    ///   sample re-uploads ("let's re-upload the local data", item 1). With
    ///   `deleteVsEdit: "deleteWins"` the device takes the other choice the
    ///   sample's comment names: it deletes its copy and the save goes.
    /// - `batchRequestFailed` (an atomic batch another item failed):
    ///   nothing changed, the save stays pending.
    /// - A delete done, or answered `unknownItem` (already gone): the
    ///   record is no longer known on the server.
    mutating func receiveModifyResult(_ result: CloudKitModifyResult, request: UInt64, node: inout ReplicaNode,
                                      conflict: CloudKitConflict, atMicros now: Int64) -> Effects {
        guard let sent = modifyInFlight, sent.request == request else { return Effects() }
        modifyInFlight = nil
        precondition(result.saves.count == sent.saves.count && result.deletes.count == sent.deletes.count, "\(id) got another request's answer")
        var effects = Effects()
        for (item, answer) in zip(sent.saves, result.saves) {
            switch answer {
            case .success(let server):
                let expected = unconfirmed[item.name].flatMap { $0.version == item.version ? $0.expected : nil }
                forgetSent(item)
                let newer = known[item.name].map({ server.changeTag.rawValue > $0.changeTag.rawValue }) ?? true
                if conflict.plainRule == .K6 || newer { known[item.name] = server }
                outgoing[item.name] = nil
                settle(item)
                // Saved with the changedKeys policy, the server wrote only
                // the keys sent over what it held, so its record may hold
                // another device's keys: the fetch that brings this version
                // back is met as one not seen, against what the device sent.
                if newer { savedBeyondSent[item.name] = expected.flatMap { $0 != server.payload ? $0 : nil } }
            case .failure(.serverRecordChanged(let server)) where !conflict.requeuesRefusedSave:
                // K7/S9's plain alternative: the refused save is dropped.
                pending[item.name] = nil
                outgoing[item.name] = nil
                known[item.name] = server
                forgetSent(item)
                effects.conflicts += 1
                if node.store.record(item.name) != nil { effects.applied = adopt(server, node: &node, atMicros: now) }
            case .failure(.serverRecordChanged(let server)):
                effects = effects + meet(server, node: &node, conflict: conflict, atMicros: now)
                outgoing[item.name] = nil
                forgetSent(item)
            case .failure(.serverRejectedRequest):
                // SQLiteData clears its cached record and queues no save
                // (`SyncEngine.swift` 1702-1703); Apple's sample only logs
                // an error it does not handle (K10). Both observed. The
                // record comes back in the next fetch.
                known[item.name] = nil
                outgoing[item.name] = nil
                if conflict.plainRule != .S13 { pending[item.name] = nil }
                forgetSent(item)
            case .failure(.unknownItem):
                known[item.name] = nil
                outgoing[item.name] = nil
                if reuploadOrder == .fetchBetween { awaitingFetch[item.name] = nextFetchRequest }
                forgetSent(item)
                if deleteVsEdit == .deleteWins, let local = node.store.record(item.name), local.isLive {
                    pending[item.name] = nil
                    effects.conflicts += 1
                    if deleteLocalCopy(local, node: &node, atMicros: now) { effects.applied = true }
                }
            case .failure(.batchRequestFailed):
                break
            }
        }
        for (item, answer) in zip(sent.deletes, result.deletes) {
            switch answer {
            case .success, .failure(.unknownItem):
                known[item.name] = nil
                forgetSent(item)
                settle(item)
            case .failure(.batchRequestFailed), .failure(.serverRecordChanged), .failure(.serverRejectedRequest):
                break
            }
        }
        return effects
    }

    /// Tries the refused server records again if the store changed since
    /// the last refusal, until none moves.
    mutating func retryRefused(node: inout ReplicaNode, atMicros now: Int64) -> Effects {
        var effects = Effects()
        var progress = true
        while progress && !refused.isEmpty && refusedAtCommit != node.store.commitCount {
            progress = false
            for name in refused.keys.sorted() {
                guard let record = refused.removeValue(forKey: name) else { continue }
                if adopt(record, node: &node, atMicros: now) {
                    effects.applied = true
                    progress = true
                }
            }
        }
        return effects
    }

    // MARK: Quiescence

    /// Nothing to save, nothing left to fetch (the token is the zone's
    /// current one), and no refused record the store might now take.
    func isSettled(serverCounter: UInt64, storeCommit: Int) -> Bool {
        pending.isEmpty && (token?.counter ?? 0) == serverCounter && (refused.isEmpty || refusedAtCommit == storeCommit)
    }

    /// True when `request` is the fetch in flight: its answer is taken.
    func waitsForFetch(_ request: UInt64) -> Bool { fetchInFlight?.request == request }

    /// True when `changes`, the answer to `request`, would be taken and
    /// brings a record version or a deletion the device has not met.
    func wouldTake(_ changes: CloudKitZoneChanges, request: UInt64) -> Bool {
        guard fetchInFlight?.request == request else { return false }
        return changes.changed.contains { known[$0.name]?.changeTag != $0.changeTag }
            || changes.deletedNames.contains { known[$0] != nil || unconfirmed[$0] != nil }
    }

    /// True when `request` is the modify request the device waits on.
    func waitsForModify(_ request: UInt64) -> Bool {
        modifyInFlight?.request == request
    }

    // MARK: Meeting server versions

    /// A server version of a record reached the device (fetched, or in a
    /// `serverRecordChanged` answer).
    ///
    /// - Older than the version the device knows: ignored.
    /// - The device's own save coming back: taken as that save's answer
    ///   (and adopted, if the device's copy has changed since with nothing
    ///   left to save).
    /// - No pending change: the device adopts the server's record (a fetch
    ///   replaces the local copy; see ``adopt(_:node:atMicros:)``).
    /// - A pending change and a version the device has not seen: a
    ///   conflict, counted and resolved by ``CloudKitConflict`` (a version
    ///   already seen was resolved when it was first met).
    private mutating func meet(_ server: CloudKitServerRecord, node: inout ReplicaNode, conflict: CloudKitConflict,
                               atMicros now: Int64) -> Effects {
        let name = server.name
        if let last = known[name], last.changeTag.rawValue > server.changeTag.rawValue { return Effects() }
        if let sent = unconfirmed[name], sent.expected == server.payload {
            unconfirmed[name] = nil
            known[name] = server
            settle(SentItem(name: name, version: sent.version))
            // The device may have replaced its copy since it sent the save
            // (it adopted a newer version while the answer was lost), so
            // with nothing pending a live copy takes what the server now
            // holds. A copy its strategy deleted by name meanwhile stays
            // deleted (unique:overwrite drops its own copy of a key that
            // way); a tombstone that syncs as a record (crdt) is state
            // like any other.
            if pending[name] == nil, let local = node.store.record(name), local.isLive || node.strategy.syncsRecordsAsCRDTs,
               local != server.payload,
               conflict.fetchedReplaces(local: local, server: server.payload, mergesFields: node.strategy.syncsRecordsAsCRDTs) {
                return Effects(applied: adopt(server, node: &node, atMicros: now))
            }
            return Effects()
        }
        // SQLiteData merges against its cached record, which may be the
        // record it sent (``outgoing``); a merge replaces the cache.
        let sent = savedBeyondSent.removeValue(forKey: name)
        let seen = known[name]?.changeTag == server.changeTag && sent == nil
        let lastKnown = sent ?? (seen ? outgoing[name] : outgoing.removeValue(forKey: name)) ?? known[name]?.payload
        known[name] = server
        guard let local = node.store.record(name) else {
            pending[name] = nil
            return Effects(applied: adopt(server, node: &node, atMicros: now))
        }
        if conflict.policy == .pendingColumns && !node.strategy.syncsRecordsAsCRDTs && local.isLive {
            guard !seen else { return Effects() }
            let conflicts = pending[name] == nil ? 0 : 1
            return Effects(applied: mergeKeepingPendingColumns(server, local: local, lastKnown: lastKnown, restamping: conflict.clock == .device,
                                                               plainRule: conflict.plainRule, node: &node, atMicros: now),
                           conflicts: conflicts)
        }
        guard pending[name] != nil else {
            guard conflict.fetchedReplaces(local: local, server: server.payload, mergesFields: node.strategy.syncsRecordsAsCRDTs) else {
                return Effects()
            }
            return Effects(applied: adopt(server, node: &node, atMicros: now))
        }
        guard !seen else { return Effects() }
        var effects = Effects(conflicts: 1)
        switch conflict.resolve(local: local, server: server.payload, mergesFields: node.strategy.syncsRecordsAsCRDTs) {
        case .adoptServer:
            pending[name] = nil
            effects.applied = adopt(server, node: &node, atMicros: now)
        case .keepLocal:
            keepPending(name, local: local, over: server.payload)
        case .merged(let merged):
            if merged != local && node.replaceRemote(merged, atMicros: now) {
                effects.applied = true
                keepPending(name, local: merged, over: server.payload)
            } else {
                keepPending(name, local: local, over: server.payload)
            }
        }
        return effects
    }

    /// SQLiteData's merge of a server record into a live local row
    /// (``CloudKitConflict/Policy/pendingColumns``), fetched or in a
    /// `serverRecordChanged` (`upsertFromServerRecord`, `SyncEngine.swift`
    /// 1959-1983; `update(with:row:columnNames:…)`,
    /// `CloudKit+StructuredQueries.swift` 286-344; observed). `lastKnown` is
    /// the cached record: the server's last acknowledged copy, or the
    /// record the device sent (``outgoing``). With none, the server's record
    /// overwrites every column and the pending save goes (S8). Otherwise,
    /// column by column:
    /// - the local value differs from the cached one (an edit not yet
    ///   acknowledged): the local value stays, re-stamped with the device's
    ///   clock now (the after-update trigger, S7);
    /// - the cached value differs from the server's and its stamp is not
    ///   older (`setValue`'s `<=` guard): the cached value stays, with its
    ///   stamp: a record the device sent wins, column by column, over an
    ///   older one the server holds;
    /// - otherwise the column takes the server's value.
    /// A kept column is saved again only if its stamp is not older than
    /// the server's stamp of that column (a device whose clock is behind
    /// keeps a value it cannot send). Without `restamping` (`clock:
    /// "server"`: a stack whose records carry no device dates,
    /// NSPersistentCloudKitContainer's importer keeping the properties not
    /// yet exported, N4) only the first rule applies and kept columns keep
    /// their registers. True when the store changed.
    private mutating func mergeKeepingPendingColumns(_ server: CloudKitServerRecord, local: Record, lastKnown: Record?, restamping: Bool,
                                                     plainRule: CloudKitPlainRule?, node: inout ReplicaNode, atMicros now: Int64) -> Bool {
        let hadPending = pending[server.name] != nil
        pending[server.name] = nil
        guard let lastKnown else {
            guard plainRule == .S8 else { return adopt(server, node: &node, atMicros: now) }
            // S8's plain alternative: per-field stamps, as if the row had synced.
            let merged = local.merged(with: server.payload)
            let applied = merged != local && node.replaceRemote(merged, atMicros: now)
            if hadPending && merged != server.payload {
                pending[server.name] = PendingChange(version: newVersion(), keys: CloudKitRecordKeys.differing(merged, server.payload))
            }
            return applied
        }
        let pendingColumns = CloudKitConflict.pendingColumns(of: local, lastKnown: lastKnown)
        let editedFields = pendingColumns.fields
        let cachedFields = restamping ? CloudKitConflict.cachedColumnsWinning(lastKnown, over: server.payload, except: editedFields) : []
        let keptRelations = pendingColumns.relations
        guard !editedFields.isEmpty || !cachedFields.isEmpty || !keptRelations.isEmpty else {
            return adopt(server, node: &node, atMicros: now)
        }
        let stamp = restamping && plainRule != .S7 ? node.stamp(atMicros: now) : nil
        var merged = server.payload
        var sendable: [Int] = []
        for index in editedFields {
            if let stamp {
                merged.fields[index] = Register(value: local.fields[index]?.value, stamp: stamp)
                guard (server.payload.fields[index]?.stamp.wallMicros ?? .min) <= stamp.wallMicros else { continue }
            } else {
                merged.fields[index] = local.fields[index]
            }
            sendable.append(index)
        }
        for index in cachedFields {
            merged.fields[index] = lastKnown.fields[index]
            sendable.append(index)
        }
        sendable.sort()
        for index in keptRelations { merged.relations[index] = local.relations[index] }
        let applied = merged != local && node.replaceRemote(merged, atMicros: now)
        // A save goes again only if one was pending: the library queues
        // saves for local edits and after a serverRecordChanged, and its
        // metadata trigger queues none while it applies a server record.
        if hadPending && (!sendable.isEmpty || !keptRelations.isEmpty) {
            pending[server.name] = PendingChange(version: newVersion(),
                                                 keys: CloudKitRecordKeys(fields: sendable, relations: keptRelations, existence: false))
        }
        return applied
    }

    /// The server deleted a record (a fetched deletion). Only a deletion of
    /// a version the device knew (or saved) counts: after an `unknownItem`
    /// the device has already learnt of it and its re-upload goes ahead.
    /// Against a pending edit (counted as a conflict) it wins: the local
    /// copy is deleted and the pending save dropped, as Apple's sample and
    /// SQLiteData do when the deletion is fetched first (observed, items 1
    /// and 5); with `deleteVsEdit: "editWins"` the edit wins instead: the
    /// copy stays and its save goes again as a new record. The device's
    /// own delete coming back settles it. A live copy the device holds with
    /// nothing to save is deleted too, known or not: the server has no
    /// record of that name.
    private mutating func meetDeletion(of name: RecordID, node: inout ReplicaNode, atMicros now: Int64) -> Effects {
        let local = node.store.record(name)
        // A live copy with nothing to save also counts when the device no
        // longer knows the record: its own delete landed after it had
        // adopted a newer version, so the server has none and neither
        // should the device.
        let orphan = pending[name] == nil && local?.isLive == true
        // Under `reuploadOrder: "fetchBetween"` a re-upload held for this
        // fetch meets the deletion it was waiting for: the sample deletes
        // the local record on every fetched deletion and drops the save
        // (`SyncedDatabase.swift` 170-176, 142-145; observed).
        let awaited = awaitingFetch.removeValue(forKey: name) != nil
        guard let last = known[name]?.payload ?? unconfirmed[name]?.expected ?? (orphan || awaited ? local : nil) else { return Effects() }
        known[name] = nil
        unconfirmed[name] = nil
        outgoing[name] = nil
        refused[name] = nil
        var effects = Effects()
        if pending[name] != nil {
            // A local copy that is not live is the device's own delete.
            if local?.isLive == false {
                pending[name] = nil
                return effects
            }
            effects.conflicts = 1
            // The edit goes again, with no change tag: a new record.
            if deleteVsEdit == .editWins && local?.isLive == true { return effects }
            pending[name] = nil
        }
        if let local, !local.isLive { return effects }
        // Not held under its name and not folded into a record of its key:
        // nothing here to delete.
        if local == nil && node.context.localID(for: name) == name { return effects }
        if deleteLocalCopy(local ?? last, node: &node, atMicros: now) { effects.applied = true }
        return effects
    }

    /// Deletes the device's copy of `seen`'s record as a remote change
    /// (through the strategy, so a copy folded into a record of its key is
    /// deleted there); true when the store took it.
    private func deleteLocalCopy(_ seen: Record, node: inout ReplicaNode, atMicros now: Int64) -> Bool {
        var deletion = Record(id: seen.id, entity: seen.entity, schema: node.store.schema)
        deletion.markDeleted(observing: seen)
        if case .applied = node.applyRemote(Self.changeSet([deletion], node: node, atMicros: now), atMicros: now) { return true }
        return false
    }

    /// Makes the device's copy of a record the server's version: what a
    /// fetch does. A record the store holds under that name is replaced
    /// (the server's copy, not a merge: under record-level policies the
    /// server's version may carry older stamps than the local one, and
    /// is still the one that won). A name the store does not hold goes
    /// through the strategy as a remote change (an insert, or a unique
    /// constraint's merge policy folding it into the holder of its key).
    /// A store that refuses keeps the record to retry (``retryRefused``).
    private mutating func adopt(_ server: CloudKitServerRecord, node: inout ReplicaNode, atMicros now: Int64) -> Bool {
        let payload = server.payload
        refused[server.name] = nil
        if let local = node.store.record(payload.id) {
            if local == payload { return false }
            if node.replaceRemote(payload, atMicros: now) { return true }
        } else if case .applied = node.applyRemote(Self.changeSet([payload], node: node, atMicros: now), atMicros: now) {
            return true
        }
        if refused[server.name]?.changeTag != server.changeTag { node.counters.rejectedChangeSets += 1 }
        refused[server.name] = server
        refusedAtCommit = node.store.commitCount
        return false
    }

    /// Server records handed to the strategy as one remote change set.
    private static func changeSet(_ records: [Record], node: ReplicaNode, atMicros now: Int64) -> ChangeSet {
        ChangeSet(origin: node.origin, seq: 1, dependencies: VersionVector(replicaCount: 0), changes: records, committedAtMicros: now)
    }

    /// A conflict resolution keeps the local copy: the save goes again over
    /// the server's tag with every key where the two differ, or is dropped
    /// when nothing differs.
    private mutating func keepPending(_ name: RecordID, local: Record, over server: Record) {
        guard local != server else {
            pending[name] = nil
            return
        }
        let keys = pending[name]!.keys.union(CloudKitRecordKeys.differing(local, server))
        pending[name] = PendingChange(version: newVersion(), keys: keys)
    }

    /// A sent change landed: the pending change goes if it is the one sent.
    private mutating func settle(_ item: SentItem) {
        if pending[item.name]?.version == item.version { pending[item.name] = nil }
    }

    /// The answer to `item` came: it is no longer unconfirmed (unless the
    /// name was sent again since).
    private mutating func forgetSent(_ item: SentItem) {
        if unconfirmed[item.name]?.version == item.version { unconfirmed[item.name] = nil }
    }

    private mutating func newVersion() -> UInt64 {
        lastVersion += 1
        return lastVersion
    }
}
