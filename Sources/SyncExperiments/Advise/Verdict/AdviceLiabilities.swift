/// What an option leaves behind that no user sees at once but a developer
/// must live with: records duplicated on the server (a new device or a
/// reinstall downloads every copy), and changes a device's store refused
/// (sync errors the app must handle, and changes that never land there).
///
/// Neither is one of the harms the ranking weighs (issue 32 names those),
/// so neither ranks an option; they only choose, among options the
/// intervals tie, the one advise names first (``AdviceVerdict``).
public struct AdviceLiabilities: Hashable, Sendable {
    /// Mean `serverDuplicates` over every run of the option.
    public let serverCopies: Double
    /// Mean `rejected` over every run of the option.
    public let refusedChanges: Double

    /// The liabilities' means.
    public init(serverCopies: Double, refusedChanges: Double) {
        self.serverCopies = serverCopies
        self.refusedChanges = refusedChanges
    }

    /// None: what an option without figures for them is taken to leave.
    public static let none = AdviceLiabilities(serverCopies: 0, refusedChanges: 0)
}
