/// The folders that hold an app's tests rather than the app as it ships: a
/// folder named `Tests`, or whose name ends in `Tests` (`MyAppTests`,
/// `MyAppUITests`), as Xcode's test targets and SwiftPM's `Tests/` name
/// them. A test's in-memory or sync-off store says nothing of how the app
/// syncs, so lint reads no model, configuration or container from them
/// (issue 43).
enum TestFolders {
    /// Whether a folder of this name holds tests.
    static func holdsTests(_ folderName: some StringProtocol) -> Bool {
        folderName.hasSuffix("Tests")
    }
}
