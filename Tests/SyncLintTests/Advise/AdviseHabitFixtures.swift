import Foundation
import SyncScenarioFile
import SyncSimulation
@testable import SyncLint

/// Models and runs shared by the advise habit tests.
enum AdviseHabitFixtures {
    /// A contacts app as CloudKit lets it ship: no unique constraint, so the
    /// key comes from `--key Contact.email`; two fields to edit.
    static let contactsSource = """
    @Model final class Contact {
        var email: String = ""
        var name: String = ""
        var city: String = ""
    }
    """

    /// K: the records each habit makes per keyed entity.
    static let k = SchemaWorkload.recordsPerEntity

    static func contacts() throws -> (model: DataModel, keys: SchemaKeys) {
        let model = try LintFixtures.swiftModel(contactsSource)
        return (model, try SchemaKeys(model: model, arguments: ["Contact.email"]))
    }

    /// The habit's scenario text for the contacts model.
    static func contactsText(_ habit: AdviceHabit, devices: Int = 3, dropProbability: Double = 0) throws -> String {
        let (model, keys) = try contacts()
        let workload = try AdviceWorkload(deviceCount: devices, dropProbability: dropProbability)
        let scenarios = try AdviceScenarioWriter.scenarios(for: model, source: "Model.swift", keys: keys, habits: [habit], workload: workload)
        return scenarios[0].text
    }

    /// `text` run as `preset` under `strategies` (default: every strategy
    /// the stack runs), seed 1: one result per strategy and variant.
    static func run(_ text: String, preset: String, strategies: [String]? = nil) throws -> [RunResult] {
        let document = try ScenarioFile.parse(Data(text.utf8), file: "advise.json5", seed: nil, overrides: [], preset: preset)
        let names = strategies ?? document.strategyNames
        return Comparison.run(scenario: document.scenario, strategies: names.map { StrategyCatalog.strategy(named: $0)! }, seed: document.seed)
    }
}
