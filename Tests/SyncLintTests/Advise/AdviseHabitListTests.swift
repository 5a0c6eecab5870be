import Foundation
import Testing
@testable import SyncLint

/// `--habits`, the habits a model makes possible, and the workload's
/// settings: what is accepted, and each refusal's exact words.
struct AdviseHabitListTests {
    typealias F = AdviseHabitFixtures

    @Test func aListIsReadInTheOrderGiven() throws {
        #expect(try AdviceHabit.list("offline-edits, import ,seeding") == [.offlineEdits, .import, .seeding])
        #expect(try AdviceHabit.list("delete-while-editing") == [.deleteWhileEditing])
        #expect(AdviceHabit.names == "seeding, import, offline-edits, reinstall, late-device, delete-while-editing")
    }

    @Test func badListsAreRefusedNamingTheHabits() {
        let habits = "habits: seeding, import, offline-edits, reinstall, late-device, delete-while-editing"
        let cases: [(String, AdviceWorkloadError.Code, String)] = [
            ("import,seed", .unknownHabit, "--habits import,seed: unknown habit 'seed'; \(habits)"),
            ("Import", .unknownHabit, "--habits Import: unknown habit 'Import'; \(habits); did you mean 'import'?"),
            ("import,", .emptyHabit, "--habits import,: an empty habit name; \(habits)"),
            ("", .emptyHabit, "--habits : an empty habit name; \(habits)"),
            ("import,seeding,import", .repeatedHabit, "--habits import,seeding,import: names 'import' twice; list each habit once"),
        ]
        for (argument, code, description) in cases {
            do {
                _ = try AdviceHabit.list(argument)
                Issue.record("\(argument) was accepted")
            } catch {
                #expect(error.code == code, "\(argument)")
                #expect(error.description == description)
            }
        }
    }

    /// Contacts (a key and two fields) make every habit possible; tags with
    /// nothing but their key cannot be edited; a model without a key has no
    /// habit at all, and says how to get one.
    @Test func aModelMakesPossibleTheHabitsItsKeysAllow() throws {
        let (contacts, contactKeys) = try F.contacts()
        #expect(AdviceHabit.possible(in: contacts, keys: contactKeys) == AdviceHabit.allCases)

        let tags = try LintFixtures.swiftModel("@Model final class Tag { var name: String = \"\" }")
        let tagKeys = try SchemaKeys(model: tags, arguments: ["Tag.name"])
        #expect(AdviceHabit.possible(in: tags, keys: tagKeys) == [.seeding, .import, .reinstall, .lateDevice])
        #expect(AdviceHabit.offlineEdits.unmetNeed(in: tags, keys: tagKeys)
            == "offline-edits needs an entity with a natural key and a stored field outside the key to edit, and Tag has no field outside the key")

        let unkeyed = SchemaKeys(model: contacts)
        #expect(AdviceHabit.possible(in: contacts, keys: unkeyed).isEmpty)
        #expect(AdviceHabit.seeding.unmetNeed(in: contacts, keys: unkeyed)
            == "seeding needs an entity with a natural key, and no entity of Model has a natural key; name one with --key ENTITY.FIELD")
        #expect(try AdviceScenarioWriter.scenarios(for: contacts, source: "Model.swift", keys: unkeyed, workload: AdviceWorkload()).isEmpty)
    }

    /// Naming a habit the model cannot have is an error, not a file that
    /// quietly does nothing.
    @Test func aHabitTheModelCannotHaveIsRefused() throws {
        let tags = try LintFixtures.swiftModel("@Model final class Tag { var name: String = \"\" }")
        let keys = try SchemaKeys(model: tags, arguments: ["Tag.name"])
        do {
            _ = try AdviceScenarioWriter.scenarios(for: tags, source: "Model.swift", keys: keys, habits: [.import, .deleteWhileEditing],
                                                   workload: AdviceWorkload())
            Issue.record("delete-while-editing was written for a model with nothing to edit")
        } catch {
            #expect(error.code == .habitNotPossible)
            #expect(error.description == "--habits import,delete-while-editing: delete-while-editing needs an entity with a natural key "
                + "and a stored field outside the key to edit, and Tag has no field outside the key")
        }
    }

    @Test func workloadSettingsOutOfRangeAreRefused() {
        let cases: [(() throws(AdviceWorkloadError) -> AdviceWorkload, AdviceWorkloadError.Code, String)] = [
            ({ () throws(AdviceWorkloadError) in try AdviceWorkload(deviceCount: 1) }, .deviceCount,
             "--devices 1: expected a number of devices from 2 to 500"),
            ({ () throws(AdviceWorkloadError) in try AdviceWorkload(deviceCount: 501) }, .deviceCount,
             "--devices 501: expected a number of devices from 2 to 500"),
            ({ () throws(AdviceWorkloadError) in try AdviceWorkload(offlineMicros: 50_000) }, .offlineDuration,
             "--offline 50ms: expected a duration from 100ms (one sync round) to 365d"),
            ({ () throws(AdviceWorkloadError) in try AdviceWorkload(dropProbability: 1) }, .dropProbability,
             "--drop 1.0: expected a probability from 0 up to but not including 1 (a network that drops every message never syncs)"),
            ({ () throws(AdviceWorkloadError) in try AdviceWorkload(dropProbability: -0.1) }, .dropProbability,
             "--drop -0.1: expected a probability from 0 up to but not including 1 (a network that drops every message never syncs)"),
        ]
        for (make, code, description) in cases {
            do {
                _ = try make()
                Issue.record("accepted: \(description)")
            } catch {
                #expect(error.code == code)
                #expect(error.description == description)
            }
        }
        #expect(throws: Never.self) { try AdviceWorkload(deviceCount: 2, offlineMicros: 100_000, dropProbability: 0.99) }
    }
}
