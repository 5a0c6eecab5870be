import Foundation

/// The package's root folder, the one holding `Package.swift`, where
/// `Scenarios/`, `Sources/`, `docs/`, `Fuzz/` and `Tests/` are.
///
/// Found by walking up from this file's own path, so a test finds those
/// folders the same way whichever folder of its target it sits in, and a
/// test file moved to another folder needs no change.
public enum PackageRoot {
    /// The root folder: the nearest folder above this file that holds
    /// `Package.swift`.
    public static let url: URL = find(from: #filePath)

    /// `relative` (a path from the root, such as `Scenarios/clock-skew.json5`)
    /// as an absolute path.
    public static func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// The nearest folder above `file` that holds `Package.swift`; stops the
    /// test run if there is none, as every path a test reads would be wrong.
    static func find(from file: String) -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        fatalError("no Package.swift in any folder above \(file)")
    }
}
