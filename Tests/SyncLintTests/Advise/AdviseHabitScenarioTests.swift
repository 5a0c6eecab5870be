import Foundation
import SyncScenarioFile
import SyncSimulation
import Testing
@testable import SyncLint

/// Every habit's scenario is a file SyncSim reads as written, over the
/// model's own entities and keys, with the devices and network asked for.
struct AdviseHabitScenarioTests {
    typealias F = AdviseHabitFixtures

    /// A model advise reads, its keys and the keyed entities each habit
    /// must write to.
    struct ModelCase: CustomTestStringConvertible, Sendable {
        let label: String
        let read: @Sendable () throws -> (DataModel, SchemaKeys)
        /// The keyed entities, then those with a field outside the key.
        let keyed: [String]
        let editable: [String]
        var testDescription: String { label }
    }

    static let models = [
        ModelCase(label: "contacts --key Contact.email", read: { try F.contacts() }, keyed: ["Contact"], editable: ["Contact"]),
        // A Core Data model with relationships and an entity left unkeyed.
        ModelCase(label: "Library --key Book.uuid", read: {
            let model = try ModelLint.read(LintFixtures.cleanCoreData)
            return (model, try SchemaKeys(model: model, arguments: ["Book.uuid"]))
        }, keyed: ["Book"], editable: ["Book"]),
        // SwiftData sources with the model's own constraints, one compound.
        ModelCase(label: "Broken (own constraints)", read: {
            let model = try ModelLint.read(LintFixtures.brokenSwiftData)
            return (model, SchemaKeys(model: model))
        }, keyed: ["Article", "Person"], editable: ["Article", "Person"]),
    ]

    static let workloads: [(devices: Int, drop: Double)] = [(3, 0), (2, 0.1), (5, 0.25)]

    /// Each file parses, runs on r1 … rN, names no strategy, expectation or
    /// stack, writes to each keyed entity, and comes out the same twice.
    @Test(arguments: models, workloads.indices)
    func everyHabitsScenarioParses(_ modelCase: ModelCase, workloadIndex: Int) throws {
        let (model, keys) = try modelCase.read()
        let (devices, drop) = Self.workloads[workloadIndex]
        let workload = try AdviceWorkload(deviceCount: devices, dropProbability: drop)
        let scenarios = try AdviceScenarioWriter.scenarios(for: model, source: modelCase.label, keys: keys, workload: workload)
        #expect(scenarios.map(\.habit) == AdviceHabit.allCases)
        #expect(scenarios.map(\.fileName) == AdviceHabit.allCases.map { "advise-\($0.rawValue).json5" })
        let again = try AdviceScenarioWriter.scenarios(for: model, source: modelCase.label, keys: keys, workload: workload)
        #expect(again.map(\.text) == scenarios.map(\.text))
        for scenario in scenarios {
            let habit = scenario.habit.rawValue
            let document: ScenarioDocument
            do {
                document = try ScenarioFile.parse(Data(scenario.text.utf8), file: scenario.fileName)
            } catch {
                Issue.record("\(habit) does not parse: \(error)\n\(scenario.text)")
                continue
            }
            #expect(document.scenario.name == "advise-\(habit)")
            #expect(document.scenario.replicaNames == (1 ... devices).map { "r\($0)" }, "\(habit)")
            #expect(document.allExpectations.isEmpty, "\(habit)")
            for member in ["strategies", "expect", "preset", "engine"] {
                #expect(!scenario.text.contains("\n  \(member):"), "\(habit) names \(member)")
            }
            #expect(scenario.text.contains("\n  network: { drop: \(drop == 0 ? "0" : "\(drop)") },\n"), "\(habit)")
            let written = scenario.habit.editsFields ? modelCase.editable : modelCase.keyed
            for entity in written {
                #expect(scenario.text.contains("entity: \"\(entity)\""), "\(habit) leaves out \(entity)")
            }
        }
    }

    /// The schema is lint's own, and each habit's steps read as the
    /// example scenarios' do.
    @Test func theImportFileIsTheModelsSchemaAndOneOfflineImportPerDevice() throws {
        let text = try F.contactsText(.import)
        let (model, keys) = try F.contacts()
        let schema = ScenarioSchemaWriter.schemaMemberLines(for: model, keys: keys).joined(separator: "\n")
        #expect(ScenarioSchemaWriter.text(for: model, source: "Model.swift", keys: keys).contains(schema))
        #expect(text.contains(schema))
        #expect(text.contains("""
          replicas: 3,  // r1 … r3: devices of one user
          until: "62s",
          network: { drop: 0 },
        """))
        #expect(text.contains("""
          steps: [
            { at: "0s", partition: "each" },
            { at: "0s", on: "all", import: { entity: "Contact", count: 10, values: { email: "email{n}" } } },
            { at: "2s", heal: true },
          ],
        """))
        #expect(text.contains("description: \"Each of the 3 devices imports the same server response of 10 Contact records while offline; all go online 2 s in.\""))
    }

    /// Three devices edit fields of two records each at 2.5, 3 and 3.5 s,
    /// r1 and r3 the first field, r2 the second: every edit its own instant.
    @Test func offlineEditsGiveEachDeviceItsOwnInstantAndField() throws {
        let text = try F.contactsText(.offlineEdits)
        let edits = text.split(separator: "\n").filter { $0.contains("update:") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(edits == [
            #"{ at: "2500ms", on: "r1", update: { entity: "Contact", key: { email: "email01" }, set: { name: "name edited on r1" } } },"#,
            #"{ at: "2500ms", on: "r1", update: { entity: "Contact", key: { email: "email02" }, set: { name: "name edited on r1" } } },"#,
            #"{ at: "3s", on: "r2", update: { entity: "Contact", key: { email: "email01" }, set: { city: "city edited on r2" } } },"#,
            #"{ at: "3s", on: "r2", update: { entity: "Contact", key: { email: "email02" }, set: { city: "city edited on r2" } } },"#,
            #"{ at: "3500ms", on: "r3", update: { entity: "Contact", key: { email: "email01" }, set: { name: "name edited on r3" } } },"#,
            #"{ at: "3500ms", on: "r3", update: { entity: "Contact", key: { email: "email02" }, set: { name: "name edited on r3" } } },"#,
        ])
        #expect(!text.contains("import: { entity: \"Contact\", count: 10, values: { email: \"email{n}\" } } },\n    { at: \"0s\", on: [\"r2\""))
        #expect(text.components(separatedBy: "import:").count - 1 == 1, "created once, on r1")
    }
}
