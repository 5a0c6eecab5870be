import Foundation
import SyncStore

/// The folders and files of SQLite stores on disk (`--store sqlite:DIR`):
/// made when missing, even by parallel runs at once, and deleted on a
/// wipe. The simulation core asks for them here and touches no file itself.
public enum SQLiteStoreFolders {
    /// Removes a database file and its WAL files: a wipe. Its lock file
    /// goes when the store that holds it is released.
    public static func deleteDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// `directory` without the slashes that end it (`/` stays `/`).
    public static func withoutTrailingSlash(_ directory: String) -> String {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Creates `root` (and the folders above it that are missing) and the
    /// folders of `label` below it, one level at a time, as `--out` creates
    /// its folder. Parallel runs may create the same folder at once. A
    /// file where a folder should be fails, naming it.
    public static func makeFolders(under root: String, for label: String) throws(StoreError) {
        let path = root + "/" + label
        var folder = root.hasPrefix("/") ? "" : "."
        for part in root.split(separator: "/") {
            folder += "/" + part
            if FileManager.default.fileExists(atPath: folder) { continue }
            try makeFolder(folder, for: path)
        }
        try requireFolder(root, for: path)
        folder = root
        for part in label.split(separator: "/").dropLast() {
            folder += "/" + part
            try makeFolder(folder, for: path)
        }
    }

    private static func requireFolder(_ folder: String, for path: String) throws(StoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            let problem = FileManager.default.fileExists(atPath: folder) ? "is not a folder" : "does not exist"
            throw StoreError(code: .storage, message: "\(path): unable to open database file: the store folder \(folder) \(problem)")
        }
    }

    /// `mkdir`, not `FileManager`: a folder another run made a moment ago
    /// (`EEXIST`) is success, whatever the platform's Foundation does.
    public static func makeFolder(_ folder: String, for path: String) throws(StoreError) {
        guard mkdir(folder, 0o777) != 0 else { return }
        let code = errno
        var isFolder: ObjCBool = false
        if code == EEXIST && FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue { return }
        throw StoreError(code: .storage, message: "\(path): unable to open database file: cannot create the folder \(folder): "
            + String(cString: strerror(code)))
    }
}
