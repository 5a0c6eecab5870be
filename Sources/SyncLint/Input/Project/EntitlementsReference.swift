/// One place a project file names a target's entitlements: a build
/// setting (`CODE_SIGN_ENTITLEMENTS`), a Tuist `entitlements:` argument, an
/// XcodeGen `entitlements:` entry.
struct EntitlementsReference: Equatable {
    enum Named: Equatable {
        /// A file, relative to the lint root (or absolute).
        case file(String)
        /// Entitlements written in the project file itself (a Tuist
        /// `.dictionary`, XcodeGen's `properties`), which the generator
        /// writes out; whether they list a CloudKit service.
        case inline(enablesCloudKit: Bool)
        /// A value lint cannot follow (a build variable such as
        /// `$(TARGET_NAME)`, a helper's parameter), as written.
        case unresolved(String)
    }

    let named: Named
    /// The project file that names it, relative to the lint root: the
    /// `.xcodeproj` (not its `project.pbxproj`), the `.xcconfig`, the
    /// `Project.swift`, the `project.yml`.
    let namedBy: String
}
