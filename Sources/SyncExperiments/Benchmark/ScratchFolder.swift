import Foundation
import SyncStore

/// A fresh, private folder for the SQLite files (`mkdtemp`, so runs in
/// parallel never share one), removed with everything in it afterwards.
struct ScratchFolder {
    let path: String

    init(under parent: String) throws(StoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            let problem = FileManager.default.fileExists(atPath: parent) ? "is not a folder" : "does not exist"
            throw StoreError(code: .storage, message: "the folder for the SQLite files, \(parent), \(problem)")
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
