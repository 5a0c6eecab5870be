/// The sync engines a user can name: one entry per engine, read by the
/// scenario parser, the kernel (through ``EngineConfiguration``), reports
/// and `--help`. Adding an engine is its folder plus one line in
/// ``entries``.
public enum EngineCatalog {
    /// What the catalog knows of one engine.
    struct Entry: Sendable {
        let name: String
        /// One line for `--help`.
        let summary: String
        /// The top-level scenario key holding the engine's settings
        /// (`cloudkit: { … }`), nil when it has none.
        let settingsKey: String?
        /// The engine's endpoint that is not a device, reserved as a replica
        /// name whatever the engine.
        let serverName: String?
        /// Whether `topology: "hub"` (a device acting as a server) goes with it.
        let allowsHubTopology: Bool
        /// Reads the engine's settings object (nil: every default).
        let configuration: @Sendable (Node?) throws(ScenarioFileError) -> any EngineConfiguration
    }

    /// Every engine, the default first.
    static let entries: [Entry] = [
        PeerEngineConfiguration.catalogEntry,
        CloudKitEngineSettings.catalogEntry,
    ]

    /// The engine a scenario runs when it names none.
    public static let defaultName = entries[0].name

    /// Every engine name, the default first.
    public static var allNames: [String] { entries.map(\.name) }

    /// `name — summary` lines for `--help`.
    public static var summaries: [(name: String, summary: String)] { entries.map { ($0.name, $0.summary) } }

    /// Replica names no scenario may use: the engines' own endpoints.
    static var reservedNames: [String] { entries.compactMap(\.serverName) }

    /// Top-level scenario keys that hold some engine's settings.
    static var settingsKeys: [String] { entries.compactMap(\.settingsKey) }

    static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The engine called `name` with its default settings, or nil if there
    /// is none.
    public static func configuration(named name: String) -> (any EngineConfiguration)? {
        guard let entry = entry(named: name) else { return nil }
        do {
            return try entry.configuration(nil)
        } catch {
            preconditionFailure("the defaults of engine \(name) do not parse: \(error)")
        }
    }
}
