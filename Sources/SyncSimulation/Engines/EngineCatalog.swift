/// The sync engines a user can name: one entry per engine, read by the
/// scenario parser, the kernel (through ``EngineConfiguration``), reports
/// and `--help`. Adding an engine is its folder plus one line in
/// ``entries``.
public enum EngineCatalog {
    /// What the catalog knows of one engine.
    package struct Entry: Sendable {
        package let name: String
        /// One line for `--help`.
        package let summary: String
        /// The top-level scenario key holding the engine's settings
        /// (`cloudkit: { … }`), nil when it has none.
        package let settingsKey: String?
        /// The engine's endpoint that is not a device, reserved as a replica
        /// name whatever the engine.
        package let serverName: String?
        /// Whether `topology: "hub"` (a device acting as a server) goes with it.
        package let allowsHubTopology: Bool
        /// The members its settings object may hold, in the order they
        /// are checked; empty for an engine with no settings key.
        package let settings: [EngineSettingSpec]
        /// The engine with these settings over its defaults, each one a
        /// value its spec accepts.
        let make: @Sendable ([EngineSetting]) -> any EngineConfiguration

        /// The engine with `settings` over its defaults, checked against
        /// the specs: a bad one is a programming error (a preset's or a
        /// caller's), since files are checked as they are read.
        package func configuration(_ settings: [EngineSetting] = []) -> any EngineConfiguration {
            for setting in settings {
                guard let spec = self.settings.first(where: { $0.key == setting.name }), spec.accepts(setting.value) else {
                    preconditionFailure("engine \(name) takes no setting \(setting.name) = \(setting.valueText)")
                }
            }
            return make(settings)
        }
    }

    /// Every engine, the default first.
    package static let entries: [Entry] = [
        PeerEngineConfiguration.catalogEntry,
        CloudKitEngineSettings.catalogEntry,
    ]

    /// The engine a scenario runs when it names none.
    public static let defaultName = entries[0].name

    /// Every engine name, the default first.
    public static var allNames: [String] { entries.map(\.name) }

    /// `name — summary` lines for `--help`.
    public static var summaries: [(name: String, summary: String)] { entries.map { ($0.name, $0.summary) } }

    /// Each engine's settings for `--help`: the scenario key that holds
    /// them and their specs, in the order a file's object is checked;
    /// engines with no settings left out.
    public static var settingSpecs: [(name: String, settingsKey: String, specs: [EngineSettingSpec])] {
        entries.compactMap { entry in entry.settingsKey.map { (entry.name, $0, entry.settings) } }
    }

    /// Replica names no scenario may use: the engines' own endpoints.
    package static var reservedNames: [String] { entries.compactMap(\.serverName) }

    /// Top-level scenario keys that hold some engine's settings.
    package static var settingsKeys: [String] { entries.compactMap(\.settingsKey) }

    package static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The engine called `name` with its default settings, or nil if there
    /// is none.
    public static func configuration(named name: String) -> (any EngineConfiguration)? {
        entry(named: name)?.configuration()
    }
}
