extension Metric {
    /// Every metric's spec, in the order the JSON report, the results
    /// tables, their legend and docs/MODEL.md's metrics table show them.
    /// A dotted path nests in JSON (`duplicates: { final, … }`), so the
    /// metrics of one group stay together (a new group needs its
    /// ``MetricGroup``). A new metric is a case of ``Metric`` (last: CSV
    /// order) and one entry here, where it reads best; `detail` is what
    /// docs/report-schema.json says of it when its meaning is not enough.
    public static let catalog: [MetricSpec] = [
        .count(.duplicatesFinal, unit: "records", "duplicates on the worst replica at the end",
               column: .init("dups", .newLine, "duplicate records on the worst replica at the end")) { $0.duplicates.final },
        .count(.duplicatesPeak, unit: "records", "the most duplicates on the worst replica at any moment",
               column: .init("peak", .sameLine, "the most at any moment")) { $0.duplicates.peak },
        .seconds(.duplicatesSeconds, unit: "record-seconds", "the worst replica's duplicates integrated over virtual time, until sync finished",
                 detail: "The integral of the worst replica's duplicates over virtual time (duplicates × seconds) until sync "
                     + "finished: to the last change of any store when the run quiesced (an idle tail adds nothing), to "
                     + "`until` when it did not.",
                 column: .init("dup·s", .sameLine, "duplicates × seconds on the worst replica until sync finished", cell: .seconds(digits: 1))) {
            $0.duplicates.integralMicros
        },
        .count(.markedLosersPeak, unit: "records", "the most marked losers the app's fetches hide, on the worst replica",
               detail: "The most marked losers on the worst replica at any moment.") { $0.markedLosers.peak },
        .count(.markedLosersFinal, unit: "records", "marked losers on the worst replica at the end") { $0.markedLosers.final },
        .count(.diverged, unit: "replicas", "replicas outside the largest group showing users identical data",
               detail: "Replicas outside the largest group showing users identical data: the multiset of live records, each "
                   + "by entity, field values and link targets (not stamps, and not the record's own id). 0 when all "
                   + "agree; N−1 when all differ.",
               column: .init("diverged", .newLine, "replicas outside the largest group showing users identical data (values, not local ids)")) { $0.diverged },
        .seconds(.divergedSeconds, unit: "seconds", "how long, in all, not every replica showed users the same data, until sync finished",
                 detail: "The time during which some replica's state differed from another's (as `diverged` compares them), "
                     + "summed over the run until sync finished: to the last change of any store when the run quiesced, to "
                     + "`until` when it did not. Sync delay counts: a write is a disagreement until every replica has it. "
                     + "A run that ends diverged counts up to that point, so the figure is a lower bound there (`diverged` > 0).") {
            $0.divergedMicros
        },
        .flag(.converged, unit: "1 or 0", "1 when every replica held the same state at the end: `convergenceSeconds` is not `null`",
              isInJSON: false) { $0.convergenceMicros != nil },
        .secondsIfAny(.convergenceSeconds, unit: "seconds", "from the last heal, restart or acknowledged write until all replicas agreed and stayed so",
                      detail: "From the last heal (of a partitioned network), restart or acknowledged application write to the "
                          + "moment all replicas' states became equal and stayed so; null if they differ at the end.",
                      column: .init("converged s", .sameLine, "from the last heal or write until all replicas agreed (never: they did not)",
                                    cell: .seconds(digits: 3, none: "never"))) { $0.convergenceMicros },
        .count(.rejected, unit: "refusals", "the sum of the three `rejectedDetail` figures",
               detail: "Local saves refused + distinct (replica, change set) pairs refused at least once + change sets held "
                   + "unapplied at the end behind them.",
               column: .init("rejected", .newLine, "local saves and remote change sets a store refused, plus change sets stuck behind them")) { $0.rejected.total },
        .count(.rejectedLocalSaves, unit: "saves", "local saves a store refused") { $0.rejected.localSaves },
        .count(.rejectedChangeSets, unit: "change sets", "distinct (replica, remote change set) pairs refused at least once") { $0.rejected.changeSets },
        .count(.rejectedBlocked, unit: "change sets (`peer`), records (`cloudkit`)",
               "held unapplied at the end behind a refused one; records still waiting to be saved",
               detail: "Change sets still held unapplied at the end behind a refused one (`peer`); records still waiting to "
                   + "be saved (`cloudkit`).") { $0.rejected.blocked },
        .count(.lostWrites, unit: "writes", "lost fields plus lost records plus lost links",
               detail: "Latest acknowledged writes that no replica's canonical record of the key holds (`fields`), plus keys "
                   + "with no live record on any replica (`records`), plus link adds and removals that no replica's "
                   + "canonical record of the owning key reflects (`links`). The canonical record is the one a fetch by key "
                   + "returns: the live holder with the lowest id. A write some replicas show and others lack is not lost "
                   + "(`diverged` counts it). Each key, field or link counts once.",
               column: .init("lost", .newLine, "latest acknowledged writes (per key and field) that no replica's record of the key "
                   + "(the one a fetch by key returns) holds, records gone everywhere, or links it does not reflect")) { $0.lostWrites.total },
        .count(.lostFieldWrites, unit: "(key, field) pairs", "latest acknowledged writes no replica's canonical record of the key holds",
               detail: "(key, field) pairs whose latest acknowledged write no replica's canonical record of that key holds.") {
            $0.lostWrites.fields
        },
        .count(.lostRecords, unit: "keys", "keys whose latest intent is not a delete, with no live record on any replica") { $0.lostWrites.records },
        .count(.lostToDeletes, unit: "keys", "of the lost records, keys written after a delete of that key",
               detail: "Of the lost records, keys written after a delete of that key (an edit by a device that had not seen "
                   + "the delete, or a re-create) and gone at the end: edits a delete won over (`deleteVsEdit`).") { $0.lostWrites.toDeletes },
        .count(.lostLinks, unit: "(key, relationship, target) links",
               "latest acknowledged link adds and removals no replica's canonical record of the owning key reflects",
               detail: "(key, relationship, target) links whose latest acknowledged add or removal no replica's canonical "
                   + "record of the owning key reflects: the link absent after an add, present after a removal. A to-one "
                   + "counts once per (key, relationship), as a field. A link to a key whose latest intent is a delete "
                   + "is not counted.") { $0.lostWrites.links },
        .count(.resurrected, unit: "keys", "keys whose latest acknowledged intent was a delete, live on some replica at the end",
               column: .init("resurrected", .sameLine, "deleted keys alive again")) { $0.resurrected },
        .count(.copiesLost, unit: "times", "a device went from a live copy of a key to none, the key not deleted (dedupe strategies)",
               detail: "Strategies with a dedupe pass (0 for the others): times a device went, from one look at its store to "
                   + "the next, from holding a live copy of a key to holding none while the key's latest acknowledged "
                   + "intent was not a delete: a record the device's user sees vanish, for a while or for good.") { $0.copiesLost },
        .count(.dangling, unit: "links", "links from live records to targets that are not live, on the worst replica at the end",
               detail: "Links from live records to targets that are not live, on the worst replica at the end: deleted "
                   + "targets, and targets that never arrived. A to-one counts its one visible target.",
               column: .init("dangling", .sameLine, "links to records that are gone")) { $0.dangling },
        .count(.pendingLinksPeak, unit: "links", "the most links one device held to records it had not received yet",
               detail: "The most links one device held, at any look at its store, to records it had not received yet (held "
                   + "pending, resolved when the target arrives). 0 under `peer` (causal order).") { $0.pendingLinksPeak },
        .count(.storeOpenFailures, unit: "devices", "devices whose store did not open at the end (a `lightweight` migration met duplicates)",
               detail: "Devices whose store did not open at the end: an upgrade's `lightweight` migration met duplicates "
                   + "(docs/MODEL.md, \"Workflows\").") {
            $0.storeOpenFailures
        },
        .count(.lostOnReset, unit: "records", "records whose latest change had not left its device when a `reset` migration deleted the store") {
            $0.lostOnReset
        },
        .count(.links, unit: "links", "relationship links between live records, on the replica with fewest") { $0.links },
        .count(.missedChanges, unit: "changes", "remote changes that addressed a record the replica did not have") { $0.missedChanges },
        .count(.missedIntents, unit: "intents", "local updates, deletes and links that found no live record to act on",
               detail: "Local updates, deletes and links that found no live record to act on, over every device: the app did "
                   + "nothing.") { $0.missedIntents },
        .count(.changeSets, unit: "change sets (`peer`), record saves (`cloudkit`)",
               "change sets made by all replicas, less those a wipe destroyed before another replica held them; record saves the server performed",
               detail: "Change sets made by all replicas, less those a wipe destroyed before any other replica held them "
                   + "(`peer`); record saves the server performed (`cloudkit`).") {
            $0.changeSets
        },
        .count(.conflicts, unit: "times", "`cloudkit`: a pending change met a server version it had not seen; 0 for `peer`",
               detail: "`cloudkit` engine: times a device's pending change met a server version it had not seen; 0 for "
                   + "`peer`.") { $0.conflicts },
        .count(.serverDuplicates, unit: "records", "`cloudkit`: duplicates in the server's zone at the end; 0 for `peer`",
               detail: "`cloudkit` engine: duplicates in the server's zone at the end, counted as on a device over its live "
                   + "records; 0 for `peer`.") { $0.serverDuplicates },
        .count(.intentsWhileDown, unit: "intents", "intents that fell while their replica was down (not saved)") { $0.intentsWhileDown },
        .count(.raceIntents, unit: "tasks", "writer tasks started (steps with `writers`)",
               detail: "Writer tasks started.",
               column: .init("writer intents", .newLine, "tasks of steps with writers", table: .writers)) { $0.race.intents },
        .count(.raceLocalDuplicates, unit: "records", "duplicates the writers' saves created on their own replica",
               detail: "Duplicates their saves created on their own replica.",
               column: .init("local dups", .sameLine, "duplicates their saves created", table: .writers)) { $0.race.localDuplicates },
        .count(.raceSavesRetried, unit: "saves", "saves that failed, were rolled back and fetched again",
               column: .init("retried saves", .sameLine, "failed saves rolled back and fetched again", table: .writers)) { $0.race.savesRetried },
        .flag(.quiesced, unit: "1 or 0", "the run ended because nothing could change any replica (a warning line under the table when not)",
              detail: "True when the run ended because nothing scheduled or possible could change any replica's state; "
                  + "false when it ran to `until` with work left, or a limit (`--max-events`, `--max-memory`) stopped it "
                  + "(the figures are then not final).") {
            $0.quiesced
        },
        .verdict(.liveness, unit: "a verdict", "whether the promise to converge after the last fault held; reads 0 only for `failed` "
            + "(a `LIVENESS FAILURE` line under the table), and has no value when `not judged`",
                 detail: "Whether the strategy's promise to converge once every fault is over held, judged over the devices "
                     + "that sync (see `livenessScope`): `held`; `failed` (the promise applied, but at `until` sync had not "
                     + "finished or those devices differ); `not promised` (`unique:*`, whose refusals are final); `faults "
                     + "remain` (a partition or a crashed replica at the end, or a dead link); `not judged` (`--max-events` "
                     + "or `--max-memory` stopped the run, or it reached `until` without quiescing sooner after its last "
                     + "write or heal than sync may need (see `cutShort`): whether the promise would have held is unknown, "
                     + "and it is no failure).") { $0.liveness },
        .count(.networkSent, unit: "messages", "messages sent", column: .init("msgs", .newLine, "sync messages sent")) { $0.network.sent },
        .count(.networkDropped, unit: "messages", "messages lost, at random or to a partition",
               column: .init("dropped", .sharedEntry, "lost by the network")) { $0.network.dropped },
        .count(.networkDuplicated, unit: "messages", "messages the network delivered twice") { $0.network.duplicated },
        .count(.networkDelivered, unit: "messages", "messages delivered") { $0.network.delivered },
        .count(.networkBytes, unit: "bytes (estimated)", "bytes sent, at a fixed size per item",
               detail: "Estimated bytes sent.",
               column: .init("KiB", .sharedEntry, "bytes sent", cell: .kibibytes)) { $0.network.bytes },
    ]
}
