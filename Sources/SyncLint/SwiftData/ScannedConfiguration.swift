/// One `ModelConfiguration(… cloudKitDatabase: …)` as the scanner read it:
/// what ``SwiftDataConfigurations`` weighs to say which classes sync.
struct ScannedConfiguration {
    /// The line of `cloudKitDatabase:`, as reasons and notes cite it.
    let location: SourceLocation
    /// False for `.none`, which keeps the store off CloudKit; true for
    /// `.automatic`, `.private(…)`, a conditional holding one
    /// (`enabled ? .automatic : .none`), or a value the scanner cannot see.
    let mayUseCloudKit: Bool
    /// `isStoredInMemoryOnly: true`: a preview's or a test's scratch store,
    /// which says nothing of how the app's own store syncs.
    let isInMemory: Bool
    /// The classes its schema lists (`Schema([A.self, B.self])` in its own
    /// arguments, the schema variable it names, or the lists of the body it
    /// is created in), before the classes they reach are added; nil when the
    /// scanner found none: it is then taken for the app's whole schema.
    let classes: [String]?
}
