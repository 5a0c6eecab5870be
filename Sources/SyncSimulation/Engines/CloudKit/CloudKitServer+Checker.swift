import SyncModel

/// What the checker reads of the zone. The server never interprets a
/// payload; the checker does, the way an app reading the zone would.
extension CloudKitServer {
    /// Every record the zone holds, sorted by name.
    public var records: [CloudKitServerRecord] {
        recordsByName.values.sorted { $0.name < $1.name }
    }

    /// The records an app would show, sorted by name: held by the zone and
    /// live by their payload's own existence sets (an app that marks
    /// deletes in the payload instead of deleting the `CKRecord` leaves a
    /// held record that is not live).
    public var liveRecords: [CloudKitServerRecord] {
        records.filter(\.payload.isLive)
    }

    /// Live records minus distinct natural keys, per entity and unique key,
    /// summed over the schema's unique keys. A record with a key field unset
    /// has no key for it and is not counted. Nothing on the server stops
    /// this from growing.
    public func duplicateCount(schema: Schema) -> Int {
        let live = liveRecords
        var total = 0
        for uniqueKey in schema.allUniqueKeys {
            var holders = 0
            var distinct: Set<NaturalKey> = []
            for record in live where record.payload.entity == uniqueKey.entity {
                guard let key = NaturalKey(record: record.payload, uniqueKey: uniqueKey, schema: schema) else { continue }
                holders += 1
                distinct.insert(key)
            }
            total += holders - distinct.count
        }
        return total
    }

    /// An order-independent digest of what an app would see: the sum of the
    /// payloads' materialised digests (stamps, tags and dates left out), so
    /// it equals a replica store's digest when they hold the same live values.
    public var digest: StateDigest {
        recordsByName.values.reduce(StateDigest.zero) { $0 + $1.payload.materialisedDigest }
    }
}
