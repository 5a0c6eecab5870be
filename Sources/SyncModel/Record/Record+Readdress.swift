extension Record {
    /// The same field writes and relationship changes, addressed to another
    /// record: how an app applies a change to the local object that stands
    /// for the record it was made to (the one a merge policy folded it
    /// into). Creations and deletions stay behind: they name creations of
    /// this record, which the other record does not have.
    public func readdressed(to id: RecordID) -> Record {
        var copy = Record(id: id, entity: entity, fieldCount: fields.count, relationCount: relations.count)
        copy.fields = fields
        copy.relations = relations
        return copy
    }

    /// True when this change deletes a creation.
    public var deletesSomething: Bool { !deletedCreations.isEmpty }
}
