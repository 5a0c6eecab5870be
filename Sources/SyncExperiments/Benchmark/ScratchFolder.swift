import Foundation
import SyncStore

/// A fresh, private folder for the SQLite files (`mkdtemp`, so runs in
/// parallel never share one), removed with everything in it afterwards.
struct ScratchFolder {
    let path: String

    /// `parent` is created when it does not exist, as `--out` creates its
    /// folder; a file there is refused.
    init(under parent: String) throws(StoreError) {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: parent) {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw StoreError(code: .storage, message: "cannot create the folder for the SQLite files, \(parent): \(error.localizedDescription)")
            }
        }
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw StoreError(code: .storage, message: "the folder for the SQLite files, \(parent), is not a folder")
        }
        let prefix = parent.hasSuffix("/") ? parent : parent + "/"
        var template = Array((prefix + "syncsim-benchmark-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StoreError(code: .storage, message: "cannot make a folder for the SQLite files under \(parent): " + String(cString: strerror(errno)))
        }
        path = String(cString: made)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
