/// The tool's semantic version: `simulate --version` prints it, and every
/// report and sweep file records it, so a figure can be traced to the code
/// that made it. Raise the minor version when outputs gain or change
/// fields, the major when a scenario file that ran stops running.
public enum ToolVersion {
    /// The version this build is.
    public static let current = "0.4.0"
}
