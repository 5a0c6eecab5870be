import SyncModel

/// A (key, field) whose final value a run must keep: the parser collects
/// them from the value expectations (``Scenario/watchedFields``) so that a
/// run reads only what is checked, never every record of every store.
public struct WatchedField: Hashable, Comparable, Sendable {
    /// The record's natural key.
    public let key: NaturalKey
    /// The field's index in its entity.
    public let field: Int

    /// The field `field` of the record of `key`.
    public init(key: NaturalKey, field: Int) {
        self.key = key
        self.field = field
    }

    /// Orders by key, then field.
    public static func < (lhs: WatchedField, rhs: WatchedField) -> Bool {
        (lhs.key, lhs.field) < (rhs.key, rhs.field)
    }
}
