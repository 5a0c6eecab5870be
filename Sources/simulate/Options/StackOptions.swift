import SyncReport
import SyncSimulation

/// `--engine` and `--preset`: the stack a scenario runs on in place of its
/// own, for the built-in scenario, `run` and `check`; and `--set`, the
/// settings `run` and `check` change in every file, on that stack.
struct StackOptions {
    /// `--engine`: nil for the scenario's own (`peer` for the built-in one).
    var engine: String?
    /// `--preset`: nil for the scenario's own stack; excludes `--engine`.
    var preset: String?
    /// Each `--set PATH=VALUE`, in order: written into every file read,
    /// after `--engine` or `--preset` moved it (``ScenarioFile/load(_:seed:overrides:engine:preset:strategies:sizeCheck:)``).
    var settings: [SettingOverride] = []

    /// `settings` as ``ScenarioFile`` takes them.
    var overrides: [(path: String, value: String)] { settings.map { ($0.path, $0.value) } }

    /// The stack a replay repeats.
    var replay: ReplayCommand.Stack { ReplayCommand.Stack(preset: preset, engine: engine, settings: settings.map(\.text)) }

    /// Refuses both at once (a preset sets the engine itself), and
    /// `--strategies` the preset cannot run.
    func validate(strategies: [String]?) throws(UsageError) {
        if engine != nil && preset != nil {
            throw UsageError(message: "--engine and --preset both choose the stack: a preset sets the engine itself, so give one of them")
        }
        if let preset = preset.flatMap(PresetCatalog.preset(named:)), let strategies, let refusal = preset.refusal(of: strategies) {
            throw UsageError(message: "--strategies: \(refusal)")
        }
    }
}
