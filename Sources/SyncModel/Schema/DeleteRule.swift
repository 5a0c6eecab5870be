/// What deleting a record does to the records on the other side of one of
/// its relationships: Core Data's `NSDeleteRule` and SwiftData's
/// `Schema.Relationship.DeleteRule`, the same four cases (documented;
/// docs/sources/dedupe-and-deletes.md, item 5). Applied by the app that
/// deletes, in the same save.
public enum DeleteRule: String, CaseIterable, Hashable, Sendable {
    /// Leave the other side as it is: a reference to the deleted record
    /// stays, and dangles ("your persistent store will be in an
    /// inconsistent state"). What a relationship with no inverse amounts to.
    case noAction
    /// Remove the deleted record from the other side's relationship
    /// (Core Data's default).
    case nullify
    /// Delete the records on the other side too, applying their own rules.
    case cascade
    /// Refuse the delete while the other side holds a live record. Not
    /// supported with CloudKit ("Creating a Core Data Model for CloudKit").
    case deny
}
