import Foundation
import SyncSimulation
import Testing
@testable import SyncLint

/// What each habit's scenario does when run: the figures issue 32's
/// "What must hold" names, and the others derived by hand. The model is
/// a contacts app keyed by `--key Contact.email` with two fields to edit;
/// K = 10 records, drop 0, seed 1.
struct AdviseHabitOutcomeTests {
    typealias F = AdviseHabitFixtures
    static let k = F.k
    static let presets = ["nspckc", "cksyncengine", "sqlitedata", "ownserver"]

    /// The one result of `strategy` in `results`: on a stack without
    /// variants, or the `reuploadFirst` reading of one whose only unknown
    /// is the re-upload order (cksyncengine), as every stack ran before
    /// that reading had a variant.
    static func only(_ results: [RunResult], _ strategy: String) throws -> RunResult {
        let matching = results.filter { $0.strategy == strategy && ($0.variant.map { $0 == "reuploadFirst" } ?? true) }
        return try #require(matching.count == 1 ? matching.first : nil, "\(strategy): \(matching.count) results")
    }

    /// By hand: every device imports the same K contacts while cut off
    /// from the server; random record names (`lww`) make N records of each
    /// email, N − 1 of them duplicates on every device once all have
    /// synced: K·(N−1), K·2 = 20 for 3 devices (issue 32: "K·2
    /// duplicates"). Record names derived from the email (`keyid`,
    /// `crdt`) make one record per email: no duplicate at any moment.
    @Test(arguments: [2, 3, 5])
    func importOnCKSyncEngineMakesKTimesNMinusOneDuplicatesUnlessNamesComeFromTheKey(devices: Int) throws {
        let text = try F.contactsText(.import, devices: devices)
        let results = try F.run(text, preset: "cksyncengine", strategies: ["lww", "keyid", "crdt"])
        let lww = try Self.only(results, "lww")
        #expect(lww.duplicates.final == Self.k * (devices - 1))
        #expect(lww.duplicates.peak == Self.k * (devices - 1))
        #expect(lww.diverged == 0)
        for strategy in ["keyid", "crdt"] {
            let result = try Self.only(results, strategy)
            #expect(result.duplicates.peak == 0, "\(strategy)")
            #expect(result.lostWrites.total == 0, "\(strategy)")
        }
    }

    /// Every stack's option with key-derived names: `keyid` where the
    /// stack runs it (SQLiteData names records by primary key), `crdt` on
    /// your own server. NSPersistentCloudKitContainer names records itself
    /// and runs neither.
    @Test func importMakesNoDuplicateWithKeyDerivedNamesOnEveryStackThatAllowsThem() throws {
        let text = try F.contactsText(.import)
        for (preset, strategy) in [("sqlitedata", "keyid"), ("ownserver", "crdt"), ("ownserver", "keyid")] {
            let results = try F.run(text, preset: preset, strategies: [strategy])
            #expect(!results.isEmpty)
            for result in results {
                #expect(result.duplicates.peak == 0, "\(preset) \(result.strategyLabel)")
            }
        }
    }

    /// Issue 32: with only offline edits of records created once, no
    /// option shows a duplicate: every stack, every strategy it runs, and
    /// every variant.
    @Test(arguments: presets)
    func offlineEditsMakeNoDuplicateUnderAnyOption(preset: String) throws {
        let text = try F.contactsText(.offlineEdits)
        let results = try F.run(text, preset: preset)
        #expect(results.count >= 2)
        for result in results {
            #expect(result.duplicates.peak == 0, "\(preset) \(result.strategyLabel)")
            #expect(result.missedIntents == 0, "\(preset) \(result.strategyLabel): every edit found its record")
        }
    }

    /// By hand: r1 sets `name` at 2.5 s, r2 `city` at 3 s, r3 `name` at
    /// 3.5 s, on contacts 1 and 2. The latest edits are r3's name and r2's
    /// city. CKSyncEngine's sample keeps the record with the later device
    /// date whole: r3's, with the old city, so r2's city is lost on both
    /// contacts (2 fields). `crdt` merges field by field: nothing lost.
    @Test func offlineEditsLoseTheOtherFieldUnderAWholeRecordRule() throws {
        let results = try F.run(try F.contactsText(.offlineEdits), preset: "cksyncengine", strategies: ["lww", "crdt"])
        let lww = try Self.only(results, "lww")
        #expect(lww.lostWrites.fields == 2)
        #expect(lww.lostWrites.records == 0)
        #expect(try Self.only(results, "crdt").lostWrites.total == 0)
        #expect(results.allSatisfy { $0.diverged == 0 })
    }

    /// By hand, `lww` (random names) against `crdt` (names from the key):
    /// - seeding: as import, each of 3 devices seeds its own 10: K·2 = 20.
    /// - reinstall: only r3's second seed makes new copies: K = 10.
    /// - late-device: r3 seeds its own copies with sync off: K = 10.
    @Test(arguments: [(AdviceHabit.seeding, 20), (.reinstall, 10), (.lateDevice, 10)])
    func theHabitsThatMakeCopiesDoSoOnEveryStack(habit: AdviceHabit, lwwDuplicates: Int) throws {
        let text = try F.contactsText(habit)
        for preset in ["cksyncengine", "ownserver"] {
            let results = try F.run(text, preset: preset, strategies: ["lww", "crdt"])
            #expect(try Self.only(results, "lww").duplicates.final == lwwDuplicates, "\(preset)")
            #expect(try Self.only(results, "crdt").duplicates.peak == 0, "\(preset)")
        }
    }

    /// By hand, on your own server (the peer engine: a delete wins over an
    /// edit that did not see it): r2's edits of contacts 1 and 2 come
    /// before r1 deletes contacts 1–4, so they must not bring them back
    /// (resurrected 0); its edits of 3 and 4 come after, unseen, so those
    /// records are lost with their edited field: 2 records and 2 fields,
    /// under every strategy, as Scenarios/delete-while-editing.json5 has it.
    @Test func deleteWhileEditingLosesTheLaterEditsOnYourOwnServer() throws {
        let results = try F.run(try F.contactsText(.deleteWhileEditing), preset: "ownserver")
        #expect(results.count >= 3)
        for result in results {
            #expect(result.resurrected == 0, "\(result.strategyLabel)")
            #expect(result.lostWrites.records == 2, "\(result.strategyLabel)")
            #expect(result.lostWrites.toDeletes == 2, "\(result.strategyLabel)")
            #expect(result.lostWrites.fields == 2, "\(result.strategyLabel)")
            #expect(result.duplicates.peak == 0, "\(result.strategyLabel)")
        }
    }
}
