import SyncModel
import SyncStore

/// A device's store as its users' fetches see it, for a strategy whose app
/// hides records (``FetchFilter``: `dedupe:deferred`'s marked losers): the
/// duplicates they see, and what the view leaves out. For the other
/// strategies the checker reads the store's own counts and never builds one.
struct UserView {
    /// Live records minus distinct natural keys among the visible records,
    /// summed over unique keys (the store's `duplicateCount`, hidden
    /// records left out).
    let duplicates: Int
    /// Live records the fetches hide (`markedLosers`).
    let hidden: Int
    /// The store's digest without the hidden records: what users see
    /// (``SyncModel/Record/materialisedDigest``). A visible record's mark is
    /// unset, so it hashes alike on every device.
    let digest: StateDigest

    init(duplicates: Int, hidden: Int, digest: StateDigest) {
        self.duplicates = duplicates
        self.hidden = hidden
        self.digest = digest
    }

    /// One scan of the store's records, plus the holders of each
    /// duplicated key.
    init(store: any Store, filter: FetchFilter) {
        let schema = store.schema
        var hidden = 0
        var hiddenDigest = StateDigest.zero
        for record in store.allRecords() where record.isLive && filter.hides(record, schema: schema) {
            hidden += 1
            hiddenDigest = hiddenDigest + record.materialisedDigest
        }
        var duplicates = 0
        if hidden > 0 {
            for uniqueKey in schema.allUniqueKeys {
                for key in store.duplicatedKeys(of: uniqueKey) {
                    duplicates += max(filter.visibleHolders(of: key, in: store).count - 1, 0)
                }
            }
        } else {
            duplicates = store.duplicateCount
        }
        self.duplicates = duplicates
        self.hidden = hidden
        digest = store.digest - hiddenDigest
    }
}
