/// What `simulate lint` was asked beyond the path.
public struct LintOptions: Sendable {
    /// `--assume-cloudkit`: check every entity as if it synced, so a model
    /// that would fail only once CloudKit is turned on exits 1 too.
    public var assumesCloudKit = false
    /// `--schema-version NAME`: the SwiftData `VersionedSchema` to lint
    /// instead of the current one.
    public var schemaVersion: String?

    /// The options of `simulate lint`; the defaults are what it does with none.
    public init(assumesCloudKit: Bool = false, schemaVersion: String? = nil) {
        self.assumesCloudKit = assumesCloudKit
        self.schemaVersion = schemaVersion
    }
}
