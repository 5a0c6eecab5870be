/// What happens to an edit a device made to a record another device had
/// already deleted, when the editing device had not yet seen the delete
/// (`deleteVsEdit` in a scenario file).
public enum DeleteVsEdit: String, CaseIterable, Sendable {
    /// The delete wins: the edit is lost with the record. Tombstones win
    /// over every change they did not see (seed 001's comments); on the
    /// `cloudkit` engine the device deletes its copy and drops the pending
    /// save, whether it fetches the deletion first or its save is answered
    /// `unknownItem` (the other choice the comment in Apple's CKSyncEngine
    /// sample names: "delete the local data").
    case deleteWins
    /// The edit wins: the record comes back, with the edit, on every
    /// device, whichever way the device learns of the delete. On `peer` an
    /// edit re-asserts the record's existence (an add-wins set of
    /// creations); on `cloudkit` the device saves the record again as new.
    case editWins
    /// Apple's CKSyncEngine sample (`SyncedDatabase.swift`, documented in
    /// its code): a save answered `unknownItem` is sent again as new ("let's
    /// re-upload the local data"), so the edit wins; a deletion fetched
    /// first deletes the local copy and the sample drops the pending save
    /// it can no longer build, so the delete wins. Which comes first
    /// decides. On `peer` no save can fail, so this is `deleteWins`.
    case arrivalOrder

    /// Whether an edit adds a creation, so that a delete which did not see
    /// the edit leaves the record live.
    public var editsRevive: Bool { self == .editWins }
}
