import SyncModel

/// The small schema the model tests use: users keyed by email, products
/// keyed by sku with a to-many `tags` relation, tags keyed by name.
enum Fixtures {
    static let schema = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
        EntitySchema(name: "Product", fields: ["sku", "price"], uniqueKeys: [["sku"]],
                     relations: [.init(name: "tags", target: "Tag")]),
        EntitySchema(name: "Tag", fields: ["name"], uniqueKeys: [["name"]]),
    ])

    static let user = EntityIndex(0)
    static let product = EntityIndex(1)
    static let tag = EntityIndex(2)

    static let email = 0, name = 1, city = 2
    static let sku = 0, price = 1
    static let tags = 0

    static func record(_ id: RecordID, _ entity: EntityIndex) -> Record {
        Record(id: id, entity: entity, schema: schema)
    }
}

/// A stamp, briefly: `ts(100, 2, 1)` is `100.2@r2`.
func ts(_ wallMicros: Int64, _ counter: UInt32 = 0, _ replica: Int = 0) -> Timestamp {
    Timestamp(wallMicros: wallMicros, counter: counter, replica: ReplicaID(replica))
}

func rid(_ low: UInt64, high: UInt64 = 0) -> RecordID {
    RecordID(high: high, low: low)
}

/// Hex of `h1` then `h2`, 32 lowercase digits.
func hex(_ pair: (UInt64, UInt64)) -> String {
    func pad(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return pad(pair.0) + pad(pair.1)
}
