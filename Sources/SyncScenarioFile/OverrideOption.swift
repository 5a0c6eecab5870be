/// The command-line option whose `PATH=VALUE` overrides changed a scenario
/// document before it was read: what an error in what they wrote blames.
public enum OverrideOption: Sendable {
    /// A sweep's `--vary PATH=V1,V2,…`: one file per sweep, so an error
    /// names the argument alone (`--vary network.dorp: unknown key …`).
    case vary
    /// `check`'s and `run`'s `--set PATH=VALUE`: every file the command
    /// reads, and a path one file has another may lack, so an error names
    /// the file too (`Scenarios/a.json5: --set network.dorp: unknown key …`).
    case set

    /// The option as typed: `--vary`, `--set`.
    public var name: String {
        switch self {
        case .vary: "--vary"
        case .set: "--set"
        }
    }

    /// Whether an error blamed on the option also names the file it changed.
    var errorNamesFile: Bool {
        switch self {
        case .vary: false
        case .set: true
        }
    }
}
