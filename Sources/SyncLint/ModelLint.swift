/// `simulate lint`'s library: reads a Core Data model or SwiftData sources,
/// reports what NSPersistentCloudKitContainer would refuse, and writes the
/// model's entities as a SyncSim scenario schema.
public enum ModelLint {
    /// Lints the model at `path`: a `.xcdatamodeld` or `.xcdatamodel` folder
    /// (or a version's `contents` file), a `.swift` file, or a folder of
    /// SwiftData sources. Throws when the path is missing, is not a model,
    /// or does not parse.
    public static func lint(_ path: String) throws(LintInputError) -> LintReport {
        let model = try read(path)
        return LintReport(path: path, model: model, findings: ModelChecker.findings(for: model))
    }

    /// Lints every model at `path`: one for a model's own path, each model
    /// found under an app's source folder (in path order). Throws when
    /// there is none, or one does not parse.
    public static func lintAll(_ path: String, options: LintOptions = LintOptions()) throws(LintInputError) -> [LintReport] {
        let discovery = try ModelDiscovery.find(path)
        var reports: [LintReport] = []
        for source in discovery.sources {
            var model = try read(source, schemaVersion: options.schemaVersion)
            // An app that creates the container syncs its Core Data model,
            // whatever the model file is marked.
            if model.kind == .coreData, !model.cloudKit.isSynced, let container = discovery.cloudKitContainer {
                model.cloudKit = .synced(because: "the app creates an NSPersistentCloudKitContainer (\(container))")
            }
            // An app that loads its model only in a plain container does not
            // sync it, whatever the model file is marked.
            if model.kind == .coreData, model.cloudKit.isSynced, discovery.cloudKitContainer == nil, let plain = discovery.plainContainer {
                model.cloudKit = .notSynced(because: "the app creates only an NSPersistentContainer (\(plain)), not an NSPersistentCloudKitContainer")
            }
            // An app whose entitlements do not enable CloudKit syncs nothing.
            let sourcesSync = model.cloudKit.isSynced
            let ruledOut = discovery.entitlementsRuleOut(for: model.kind)
            if sourcesSync, let ruledOut {
                model.cloudKit = .notSynced(because: ruledOut)
            }
            reports.append(LintReport(path: source.path, model: model,
                                      findings: ModelChecker.findings(for: model, assumesCloudKit: options.assumesCloudKit),
                                      assumedCloudKit: options.assumesCloudKit,
                                      stack: .reading(of: model, sourcesSync: sourcesSync, code: discovery.code, ruledOut: ruledOut)))
        }
        return reports
    }

    /// Which stack syncs the app at `path` (read as ``lintAll(_:options:)``
    /// reads it): with several models, the stacks of those that sync, each
    /// preset once (``SyncStack/found``); when none syncs, the first
    /// model's reason. What `simulate advise` starts from.
    public static func stack(of path: String, options: LintOptions = LintOptions()) throws(LintInputError) -> SyncStack {
        let stacks = try lintAll(path, options: options).map(\.stack)
        return SyncStack.merged(stacks) ?? SyncStack(found: [], reading: .unknown, reason: "no model")
    }

    /// The model at `path`, without checking it.
    public static func read(_ path: String) throws(LintInputError) -> DataModel {
        try read(try ModelSource.locate(path), schemaVersion: nil)
    }

    static func read(_ source: ModelSource, schemaVersion: String?) throws(LintInputError) -> DataModel {
        switch source {
        case .coreData(let contents, let displayPath, let modelName):
            return try CoreDataModelBuilder.read(contents: contents, displayPath: displayPath, modelName: modelName)
        case .swiftData(let files, let root, let folderName):
            return try SwiftDataModelBuilder.read(files: files, root: root, name: folderName, schemaVersion: schemaVersion)
        }
    }
}
