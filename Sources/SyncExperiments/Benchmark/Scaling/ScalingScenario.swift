import Foundation
import SyncScenarioFile
import SyncSimulation

/// The scenario `simulate benchmark --scaling` runs: the built-in default
/// scenario (`Scenarios/default.json5`, from its text, so it runs from any
/// folder), with `replicas` devices that each import the same `keys` users
/// (`steps[1].import.count`) and make `keys / 2` random updates
/// (`steps[2].random.ops`) to users among all `keys` (`steps[2].random.keys`),
/// as `--vary` would set them. At 100 keys it is the scenario `simulate
/// --replicas R` runs.
enum ScalingScenario {
    /// The places the overrides write, as `--vary` names them.
    static let importCountPath = "steps[1].import.count"
    static let randomOpsPath = "steps[2].random.ops"
    static let randomKeysPath = "steps[2].random.keys"

    /// `keys` users (at least 2, so that there is an update) on `replicas` devices, for `seed`.
    static func make(keys: Int, replicas: Int, seed: UInt64) -> Scenario {
        precondition(keys >= 2 && replicas >= 1, "a scaling run needs two keys and a replica")
        let overrides = [
            (path: "replicas", value: String(replicas)),
            (path: importCountPath, value: String(keys)),
            (path: randomOpsPath, value: String(keys / 2)),
            (path: randomKeysPath, value: String(keys)),
        ]
        do {
            return try ScenarioFile.parse(Data(DefaultScenario.text.utf8), file: "built-in default", seed: seed, overrides: overrides).scenario
        } catch {
            preconditionFailure("the built-in default scenario does not take the scaling overrides: \(error)")
        }
    }
}
