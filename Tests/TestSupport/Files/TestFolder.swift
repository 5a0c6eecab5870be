import Foundation

/// Scratch folders for tests that write files (SQLite stores, sweep
/// parts), and what a test finds in them.
public enum TestFolder {
    /// A fresh empty folder named after `prefix`, the process and the
    /// test, removed by `body`'s end.
    public static func with<Result>(_ prefix: String, name: String = #function, _ body: (URL) throws -> Result) throws -> Result {
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())-\(safe)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Every file under `folder`, relative to it, sorted.
    public static func files(under folder: URL) throws -> [String] {
        let all = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return all.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
