/// Which classes of a SwiftData model sync, from the app's
/// `ModelConfiguration`s (``ScannedConfiguration``), and which configuration
/// decided, with its file and line.
///
/// - A configuration with `isStoredInMemoryOnly: true` never decides: it is
///   a preview's or a test's scratch store, and says nothing of the store
///   the app ships (issue 43, a test helper met outside a test folder).
/// - A configuration that may use CloudKit (`.automatic`, `.private(…)`,
///   `enabled ? .automatic : .none`) always outweighs a `.none` one for the
///   same classes: a fallback or a sync switch turned off is not how the
///   app is meant to run.
/// - A `.none` configuration whose schema lists classes keeps those
///   classes, and the classes they reach, off CloudKit, unless a
///   configuration that may sync lists them too (a cache store beside the
///   synced one).
/// - The model as a whole: synced if any configuration may use CloudKit;
///   else not synced if any stored configuration sets `.none` (the app
///   configures its stores and none syncs); else synced: SwiftData syncs
///   once the app has the iCloud and Background
///   Modes capabilities, inferring the CloudKit configuration from the
///   entitlements (Apple, "Syncing model data across a person's devices";
///   documented), which ``ModelLint`` reads (``DataModel/CloudKitUse``).
enum SwiftDataConfigurations {
    struct Decision {
        let cloudKit: DataModel.CloudKitUse
        /// The entities a `.none` store holds, each with the configuration
        /// that keeps it off CloudKit.
        let localOnly: [(entity: String, configuration: SourceLocation)]
    }

    static func decide(_ configurations: [ScannedConfiguration], for model: DataModel) -> Decision {
        let inMemory = configurations.filter(\.isInMemory)
        let stored = configurations.filter { !$0.isInMemory }
        let cloudKit = stored.filter(\.mayUseCloudKit)
        let none = stored.filter { !$0.mayUseCloudKit }
        // A list that names no class of the model (`Schema(versionedSchema:
        // AppSchemaV3.self)`, classes of another module) says nothing the
        // linter can check: that store is taken for the whole schema.
        func holds(_ configuration: ScannedConfiguration) -> Set<String>? {
            guard let listed = configuration.classes?.filter({ model.entity(named: $0) != nil }), !listed.isEmpty else { return nil }
            return SwiftSchemaReach.entities(reachedFrom: listed, in: model)
        }
        let syncing = Set(cloudKit.compactMap(holds).joined())
        var localOnly: [(entity: String, configuration: SourceLocation)] = []
        for entity in model.entities where !syncing.contains(entity.name) {
            if let decider = none.first(where: { holds($0)?.contains(entity.name) == true }) {
                localOnly.append((entity.name, decider.location))
            }
        }
        let ignored = inMemory.isEmpty ? "" : "; "
            + (inMemory.count == 1 ? "the in-memory configuration at \(inMemory[0].location) does not decide"
                : "the in-memory configurations at \(list(inMemory)) do not decide")
        if let decider = cloudKit.first {
            // The `.none` configurations that keep nothing off CloudKit:
            // those of the same classes as one that may sync.
            let outweighed = none.filter { holds($0)?.isSubset(of: syncing) ?? true }
            let weighed = outweighed.isEmpty ? "" : "; it outweighs the cloudKitDatabase: .none at \(list(outweighed))"
            return Decision(cloudKit: .synced(because: "a ModelConfiguration may name a CloudKit database (\(decider.location))\(weighed)\(ignored)"),
                            localOnly: localOnly)
        }
        if let whole = none.first(where: { holds($0) == nil }) {
            return Decision(cloudKit: .notSynced(because: "the sources set cloudKitDatabase: .none (\(whole.location))\(ignored)"), localOnly: localOnly)
        }
        // Every store the sources configure stays off CloudKit: a class no
        // `.none` list names is in none of them, and nothing says it syncs.
        if !none.isEmpty {
            return Decision(cloudKit: .notSynced(because: "every ModelConfiguration the sources create sets cloudKitDatabase: .none (\(list(none)))\(ignored)"),
                            localOnly: localOnly)
        }
        return Decision(cloudKit: .synced(because: "SwiftData syncs with CloudKit by default when the app has an iCloud container, and no ModelConfiguration sets cloudKitDatabase: .none\(ignored)"),
                        localOnly: localOnly)
    }

    private static func list(_ configurations: [ScannedConfiguration]) -> String {
        configurations.map(\.location.description).joined(separator: ", ")
    }
}
