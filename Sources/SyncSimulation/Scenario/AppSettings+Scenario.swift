extension AppSettings {
    /// The settings `scenario` gives its devices' apps.
    public init(scenario: Scenario) {
        self.init(editsRevive: scenario.deleteVsEdit.editsRevive, sameSaveDuplicates: scenario.sameSaveDuplicates,
                  dedupeDeferralMicros: scenario.dedupeDeferralMicros)
        localSavesOverwrite = scenario.engine.localSavesOverwrite
        dedupeDeferUntil = scenario.dedupeDeferUntil
    }
}
