extension Record {
    /// The same field writes and relationship changes, addressed to another
    /// record: how an app applies a change to the local object that stands
    /// for the record it was made to (the one a merge policy folded it
    /// into). Creations and deletions stay behind: they name creations of
    /// this record, which the other record does not have.
    public func readdressed(to id: RecordID) -> Record {
        let header = storage.head
        guard !header.pointee.creations.isEmpty || !header.pointee.deletedCreations.isEmpty else {
            // Nothing stays behind: the other record shares this storage.
            return Record(id: id, entity: entity, storage: storage)
        }
        let copy = Record(id: id, entity: entity, storage: storage.copy())
        copy.storage.head.pointee.creations = []
        copy.storage.head.pointee.deletedCreations = []
        return copy
    }

    /// True when this change deletes a creation.
    public var deletesSomething: Bool { !deletedCreations.isEmpty }
}
