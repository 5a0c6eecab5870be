/// The workload a written scenario runs, on the entities with a natural key
/// only: what makes duplicates in shipped apps (docs/scenarios.md,
/// "Workflows that create duplicates"), on three devices of one user.
///
/// 1. r1 and r2 import the same ``recordsPerEntity`` records of each keyed
///    entity while neither can sync (one server response, or the defaults
///    an app seeds at first launch), then sync; r3 stays offline.
/// 2. r3, a device set up later, imports the same records before its first
///    sync brings the others', then joins.
/// 3. r1 and r2 edit fields outside the key of the first
///    ``editedRecords`` records offline, r2 later, then sync.
///
/// By hand, for `lww` (random record ids, no dedupe): every import makes a
/// new record of each key, so every device ends with three records of each
/// key, two of them duplicates: `recordsPerEntity × 2` per keyed entity.
/// The late device adds its third only because it imports before its first
/// sync; the edits change records, never their number. `crdt` derives a
/// record's id from its key, so every import of a key is one record.
struct SchemaWorkload {
    static let deviceCount = 3
    /// K: records each import makes per keyed entity.
    static let recordsPerEntity = 10
    static let editedRecords = 2

    /// An entity the workload writes to.
    struct Keyed {
        let name: String
        /// The keys the schema declares; the first addresses the edits.
        let keys: [[String]]
        /// Each key field's `import` pattern, in field order.
        let patterns: [(field: String, pattern: String)]
        /// The stored fields outside every key, which an edit may set.
        let editable: [String]

        init(_ entity: Entity, keys: [[String]]) {
            precondition(!keys.isEmpty, "a keyed entity has a key")
            let fields = SchemaKeys.storedFields(of: entity)
            let keyFields = Set(keys.joined())
            name = entity.name
            self.keys = keys
            patterns = fields.filter(keyFields.contains).map { field in
                let type = entity.attributes.first { $0.name == field }!.typeName
                return (field, KeyValuePattern.pattern(field: field, typeName: type, entity: entity.name, count: SchemaWorkload.recordsPerEntity))
            }
            editable = fields.filter { !keyFields.contains($0) }
        }
    }

    let entities: [Keyed]

    /// What `lww` ends with on every device: see the type's comment.
    var lwwDuplicatesFinal: Int { Self.recordsPerEntity * (Self.deviceCount - 1) * entities.count }
}
