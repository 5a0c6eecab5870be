import SyncModel

/// How a stack stores a many-to-many relationship in CloudKit
/// (`cloudkit.manyToManyLinks`).
public enum CloudKitManyToManyLinks: String, Hashable, Sendable, CaseIterable {
    /// The relationship is a key of the owning record, written whole by a
    /// save that changed it (the engine's default; an app's own
    /// `CKRecord` mapping, as the CKSyncEngine sample's).
    case onRecord
    /// Each link is its own record, created by an add and deleted by name
    /// by a removal: NSPersistentCloudKitContainer's `CDMR` records
    /// (observed in OpenCloudData, `OCMirroredManyToManyRelationshipV2.m`
    /// 66-68, pookjw/OpenCloudData @526f1ee; docs/sources/stack-code.md N13).
    case linkRecords
}

/// The links of one to-many relationship that a save creates and deletes:
/// what a stack with link records exports for it instead of the whole set.
public struct CloudKitLinkChange: Hashable, Sendable {
    /// The relationship's index in the record's entity.
    public let relation: Int
    /// Targets linked since the device's last known server record: each a
    /// link record the save creates. The save's record carries their tags.
    public let added: [RecordID]
    /// Targets unlinked since then: each a link record deleted by name.
    public let removed: [RecordID]

    /// A change adding `added` and removing `removed` (each sorted by the caller).
    public init(relation: Int, added: [RecordID], removed: [RecordID]) {
        self.relation = relation
        self.added = added
        self.removed = removed
    }
}

/// Many-to-many links as records of their own (``CloudKitManyToManyLinks/linkRecords``).
///
/// A to-many relationship is the schema's many-to-many: its inverse, when
/// declared, is always a to-many view (docs/MODEL.md, "One side stores the
/// pair"); a to-one stays a reference on its record. The model keeps the
/// links on the owning record's observed-remove set, as everywhere, and
/// changes how they travel:
///
/// - a save carries the links added and removed since the device's last
///   known server record (``CloudKitLinkChange``), not the set;
/// - the server applies them link by link: an add joins the link (its tag)
///   to the server's set, a removal deletes every live link to that target,
///   seen or not, as a delete by record name does. So of an add and a
///   removal of one link the later arrival wins, and concurrent adds of
///   different links both stay;
/// - a device joins the server's links into its copy whenever it meets the
///   server's record (a fetch, or a save's answer), keeping its own links
///   not yet saved.
enum CloudKitLinkRecords {
    /// The relationships of `entity` stored as link records: the to-many ones.
    static func linkRelations(of entity: EntityIndex, schema: Schema) -> [Int] {
        schema[entity].relations.indices.filter { schema[entity].relations[$0].toMany }
    }

    /// The save of `local` over `base` (the last known server record) with
    /// `keys` changed: under link records the to-many relationships leave
    /// the keys and go as link changes.
    static func save(_ local: Record, base: CloudKitServerRecord?, changedKeys keys: CloudKitRecordKeys,
                     links: CloudKitManyToManyLinks, schema: Schema) -> CloudKitRecordSave {
        let relations = links == .linkRecords ? linkRelations(of: local.entity, schema: schema) : []
        guard !relations.isEmpty else { return CloudKitRecordSave(record: local, baseChangeTag: base?.changeTag, changedKeys: keys) }
        var changes: [CloudKitLinkChange] = []
        for relation in relations {
            let now = local.relations[relation].elements
            let before = base?.payload.relations[relation].elements ?? []
            let added = now.filter { !before.containsSorted($0) }
            let removed = before.filter { !now.containsSorted($0) }
            if !added.isEmpty || !removed.isEmpty { changes.append(CloudKitLinkChange(relation: relation, added: added, removed: removed)) }
        }
        let otherKeys = CloudKitRecordKeys(fields: keys.fields, relations: keys.relations.filter { !relations.contains($0) },
                                           existence: keys.existence)
        return CloudKitRecordSave(record: local, baseChangeTag: base?.changeTag, changedKeys: otherKeys, linkChanges: changes)
    }

    /// `payload` (what the save's keys made of the server's record) with
    /// the save's link changes applied, link by link. The saved record's
    /// whole set is joined in, so the server holds every tag a device may
    /// hold (a join adds links and removes only tags their remover saw);
    /// then each removed target loses every live link, seen or not.
    static func applying(_ save: CloudKitRecordSave, to payload: Record) -> Record {
        guard !save.linkChanges.isEmpty else { return payload }
        var result = payload
        for change in save.linkChanges {
            var links = result.relations[change.relation].merged(with: save.record.relations[change.relation])
            for target in change.removed { links.remove(tags: links.liveTags(of: target)) }
            result.relations[change.relation] = links
        }
        return result
    }

    /// `local` with `server`'s links of every link relationship joined in:
    /// links another device made arrive, removals the server applied
    /// remove, and the device's own links not yet saved stay. Nil when
    /// nothing changes.
    static func joining(_ server: Record, into local: Record, schema: Schema) -> Record? {
        var result = local
        for relation in linkRelations(of: local.entity, schema: schema) {
            result.relations[relation] = local.relations[relation].merged(with: server.relations[relation])
        }
        return result == local ? nil : result
    }
}

extension CloudKitDevice {
    /// After the device met server versions of `names` (fetched, or the
    /// answer to its saves): each live copy takes the server's links
    /// (``CloudKitLinkRecords/joining(_:into:schema:)``), whatever the
    /// conflict policy did to the rest of the record, before the device
    /// builds its next save from it.
    mutating func joinServerLinks(of names: [RecordID], node: inout ReplicaNode, atMicros now: Int64) -> Effects {
        var effects = Effects()
        for name in names {
            guard let server = known[name]?.payload, let local = node.store.record(name), local.isLive,
                  let joined = CloudKitLinkRecords.joining(server, into: local, schema: node.store.schema) else { continue }
            if node.replaceRemote(joined, atMicros: now) { effects.applied = true }
        }
        return effects
    }
}
