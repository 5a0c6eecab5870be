import SyncModel

/// How a device resolves a conflict: its pending change to a record met a
/// server version it had not seen (a `serverRecordChanged` answer to a save,
/// or a fetched record it was still changing). Apple's CKSyncEngine leaves
/// this to the app ("if you try to save a record and get a
/// `serverRecordChanged`, you need to handle that error yourself",
/// docs/sources/cloudkit-engines.md, item 2); these are the answers apps
/// give.
public struct CloudKitConflict: Hashable, Sendable {
    /// The policies a user names in `cloudkit.conflict`.
    public enum Policy: String, Hashable, Sendable, CaseIterable {
        /// The server's record replaces the local copy and the pending
        /// change is dropped.
        case serverWins
        /// The local copy stays and is saved again over the server's change
        /// tag.
        case clientWins
        /// The copy with the later record date wins whole: Apple's
        /// CKSyncEngine sample (`mergeFromServerRecord`, documented, item 1).
        case recordLWW
        /// Field by field, the later stamp wins (``Record/merged(with:)``),
        /// then the merge is saved: what SQLiteData's CloudKitSync.md
        /// "Record conflicts" says, which its code does not do (see
        /// `pendingColumns`).
        case fieldLWW
        /// Apple's CKSyncEngine sample as its code runs
        /// (docs/sources/stack-code.md): the app saves a local edit
        /// unconditionally, dated by the device clock
        /// (`SyncedDatabase.saveContacts`; ContactsList.swift sets
        /// `userModificationDate = Date()`), and every server version it
        /// meets, fetched or in a `serverRecordChanged`, replaces the local
        /// copy only if its device date is strictly later
        /// (`DataModel.swift` `mergeFromServerRecord`, line 98, called from
        /// `handleFetchedRecordZoneChanges` and the `serverRecordChanged`
        /// case). Observed from the sample's code. A device whose clock is
        /// behind can keep a value the server no longer holds, for good.
        case deviceDateMerge
        /// SQLiteData as its code runs (`SyncEngine.swift`
        /// `upsertFromServerRecord`; `CloudKit+StructuredQueries.swift`
        /// `update(with:row:columnNames:parentForeignKey:)`;
        /// `Internal/Triggers.swift`; docs/sources/stack-code.md): a column
        /// whose local value differs from the last known server record is
        /// kept from the local row whatever the stamps, re-stamped with the
        /// device's clock now (the after-update trigger), and saved over the
        /// server's if its new stamp is not older than the server's column
        /// stamp (`setValue`'s guard); every other column takes the server's
        /// value. A row with no last known server record (never synced) is
        /// overwritten in every column. Observed from the library's code.
        case pendingColumns

        /// False for the rules under which two devices can end with
        /// different values and nothing left to send: a device whose clock
        /// is behind keeps a value the other refuses (`deviceDateMerge`)
        /// or cannot send the column it kept (`pendingColumns`). Under
        /// these no strategy's promise to converge holds (liveness `not
        /// promised`); `diverged` shows what happened.
        public var keepsConvergencePromise: Bool {
            self != .deviceDateMerge && self != .pendingColumns
        }
    }

    /// Which dates `recordLWW` compares.
    public enum Clock: String, Hashable, Sendable, CaseIterable {
        /// The record date is the device's own: the latest stamp in the
        /// record (the app's `userModificationDate`, set from the device
        /// clock on every edit, as in Apple's sample). A device whose clock
        /// is behind loses even its later edit.
        case device
        /// The record date is the server's `modificationDate`, which the
        /// server sets when a save lands: the pending save always lands
        /// after the version it conflicts with, so the later save wins.
        case server
    }

    /// What the device does with its local copy.
    public enum Resolution: Hashable, Sendable {
        /// The server's record replaces the local copy; nothing to save.
        case adoptServer
        /// The local copy stays as it is and is saved over the server's tag.
        case keepLocal
        /// The local copy becomes this merge, saved over the server's tag.
        case merged(Record)
    }

    /// What wins a conflict (default `recordLWW`).
    public var policy: Policy
    /// Which dates `recordLWW` compares (default `device`).
    public var clock: Clock
    /// Under `pendingColumns`, what a pending column does against a newer
    /// server stamp (``CloudKitPendingColumnRule``).
    public var pendingColumnRule: CloudKitPendingColumnRule = .localWins
    /// A stack rule switched to its plain alternative, for
    /// `scripts/rule-mutants` only (``CloudKitPlainRule``); nil: every rule
    /// as the stack's code runs it.
    public var plainRule: CloudKitPlainRule? = nil

    /// The sample's resolution by default: record-level last-writer-wins by the device's dates.
    public init(policy: Policy = .recordLWW, clock: Clock = .device) {
        self.policy = policy
        self.clock = clock
    }

    /// Resolves `local` (the device's pending copy) against `server`.
    ///
    /// - `mergesFields`: the strategy's records merge field by field
    ///   whatever the policy (`crdt`: a CRDT's merge is its conflict rule).
    /// - A pending delete (a local copy that is not live, for a strategy
    ///   that deletes the `CKRecord`) is kept under every policy but
    ///   `serverWins`: the app's record date is its last edit, so a delete
    ///   carries no date to compare, and the server applies a delete
    ///   without comparing tags anyway (no source says more).
    /// - `recordLWW` by device dates keeps the local copy on a tie, as the
    ///   sample does (`if userModificationDate > self.userModificationDate`).
    public func resolve(local: Record, server: Record, mergesFields: Bool) -> Resolution {
        if mergesFields { return .merged(local.merged(with: server)) }
        if !local.isLive { return policy == .serverWins ? .adoptServer : .keepLocal }
        switch policy {
        case .serverWins:
            return .adoptServer
        case .clientWins:
            return .keepLocal
        case .recordLWW:
            switch clock {
            case .device: return Self.recordDateMicros(server) > Self.recordDateMicros(local) ? .adoptServer : .keepLocal
            case .server: return .keepLocal
            }
        case .fieldLWW:
            return .merged(local.merged(with: server))
        case .deviceDateMerge:
            return Self.recordDateMicros(server) > Self.recordDateMicros(local) ? .adoptServer : .keepLocal
        case .pendingColumns:
            // The device resolves this one itself: it needs the last known
            // server record (``CloudKitDevice``). Without one, the server's
            // record overwrites every column.
            return .adoptServer
        }
    }

    /// Whether a fetched version replaces a local copy that has nothing to
    /// save. Every policy but `deviceDateMerge` adopts it; the sample's
    /// `mergeFromServerRecord` runs on every fetched record, so it keeps a
    /// live local copy whose device date is as late or later. A CRDT's
    /// record (`mergesFields`) is state like any other: always taken.
    public func fetchedReplaces(local: Record, server: Record, mergesFields: Bool) -> Bool {
        guard policy == .deviceDateMerge, plainRule != .K5, local.isLive, !mergesFields else { return true }
        return Self.recordDateMicros(server) > Self.recordDateMicros(local)
    }

    /// The fields and relations of `local` that differ from `lastKnown`,
    /// the server record the device last knew: the columns SQLiteData keeps
    /// from the local row when it merges a server record
    /// (`update(with:row:…)`'s `isRowValueModified`).
    public static func pendingColumns(of local: Record, lastKnown: Record) -> CloudKitRecordKeys {
        CloudKitRecordKeys(
            fields: local.fields.indices.filter { local.fields[$0]?.value != lastKnown.fields[$0]?.value },
            relations: local.relations.indices.filter { local.relations[$0].elements != lastKnown.relations[$0].elements },
            existence: false)
    }

    /// The fields of `cached` (the record SQLiteData caches as last known)
    /// whose value differs from `server`'s and whose stamp is not older,
    /// outside `except`: what `setValue(_:forKey:at:)`'s guard
    /// (`encryptedValues[at: key] <= userModificationTime`) puts back on the
    /// server record in `update(with:row:…)` (sqlite-data
    /// `CloudKit+StructuredQueries.swift` 161-163, 300-305; observed). A
    /// column the record holds no value for is dated by the record's
    /// latest stamp: the library writes every column of a row it sends
    /// for the first time, a null one too (`removeValue`, 224-247), at the
    /// row's one modification time (S4).
    public static func cachedColumnsWinning(_ cached: Record, over server: Record, except: [Int]) -> [Int] {
        let cachedDate = recordDateMicros(cached)
        let serverDate = recordDateMicros(server)
        return cached.fields.indices.filter { index in
            guard !except.contains(index), cached.fields[index]?.value != server.fields[index]?.value else { return false }
            return (cached.fields[index]?.stamp.wallMicros ?? cachedDate) >= (server.fields[index]?.stamp.wallMicros ?? serverDate)
        }
    }

    /// Whether SQLiteData (`pendingColumns` by device dates) caches the
    /// record it sends as its last known one (``CloudKitDevice``'s
    /// `outgoing`): when it holds no server copy (`refreshLastKnownServerRecord`
    /// replaces a cache without a modification date), and before every
    /// send under `laterEditWins`, as on the library's mock.
    public func cachesOutgoingRecord(holdingServerCopy: Bool) -> Bool {
        policy == .pendingColumns && clock == .device && plainRule != .S5 && (!holdingServerCopy || pendingColumnRule == .laterEditWins)
    }

    /// True when a save refused with `serverRecordChanged` is merged and
    /// queued again (K7, S9), false when the plain alternative drops it.
    var requeuesRefusedSave: Bool { plainRule != .K7 && plainRule != .S9 }

    /// A record's date by its device's clock: the wall-clock reading of its
    /// latest field write or link, as an app's `userModificationDate` reads
    /// its last edit (the sample sets it on every edit, replacing the
    /// previous date); a record with neither is dated by its latest stamp.
    /// Not the creation's stamp when an edit came later: a device whose
    /// clock is behind dates its edit of another device's record before
    /// that record's creation, as the sample does.
    public static func recordDateMicros(_ record: Record) -> Int64 {
        var latest: Int64?
        for register in record.fields {
            guard let micros = register?.stamp.wallMicros else { continue }
            latest = max(latest ?? micros, micros)
        }
        for set in record.relations {
            for entry in set.adds { latest = max(latest ?? entry.tag.wallMicros, entry.tag.wallMicros) }
        }
        return latest ?? record.maxStamp?.wallMicros ?? .min
    }
}
