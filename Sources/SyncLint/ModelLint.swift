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
        [try lint(path)]
    }

    /// The model at `path`, without checking it.
    public static func read(_ path: String) throws(LintInputError) -> DataModel {
        switch try ModelSource.locate(path) {
        case .coreData(let contents, let displayPath, let modelName):
            return try CoreDataModelBuilder.read(contents: contents, displayPath: displayPath, modelName: modelName)
        case .swiftData(let files, let root, let folderName):
            return try SwiftDataModelBuilder.read(files: files, root: root, name: folderName)
        }
    }
}
