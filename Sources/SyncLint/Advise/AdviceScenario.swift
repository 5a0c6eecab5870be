/// One habit's scenario file, as advise writes it (`--write-scenarios DIR`)
/// and runs it under every option.
public struct AdviceScenario: Sendable {
    /// The habit the scenario replays.
    public let habit: AdviceHabit
    /// `advise-import.json5`: the file's name in the folder advise writes.
    public let fileName: String
    /// The scenario file's text (JSON5), which `ScenarioFile.parse` reads
    /// and `simulate run` runs as is.
    public let text: String
}
