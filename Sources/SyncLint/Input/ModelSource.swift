import Foundation

/// What a path given to `simulate lint` holds, decided from the path alone.
enum ModelSource {
    /// The `contents` file of one Core Data model version. `displayPath`
    /// is how findings name it.
    case coreData(contents: String, displayPath: String, modelName: String)
    /// SwiftData sources: `.swift` files (sorted), each with its display path.
    case swiftData(files: [(path: String, displayPath: String)], root: String, folderName: String)

    /// Classifies `path`: a `.xcdatamodeld` or `.xcdatamodel` folder, a
    /// model version's `contents` file, a `.swift` file, or a folder of
    /// SwiftData sources.
    static func locate(_ path: String) throws(LintInputError) -> ModelSource {
        let given = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory) else {
            throw LintInputError(file: given, "no such file or folder")
        }
        let url = URL(fileURLWithPath: given)
        switch url.pathExtension {
        case "xcdatamodeld":
            guard isDirectory.boolValue else { throw LintInputError(file: given, "expected a .xcdatamodeld folder, found a file") }
            let version = try CoreDataVersions.current(in: given)
            return coreDataVersion(folder: given + "/" + version, display: given + "/" + version, name: url.deletingPathExtension().lastPathComponent)
        case "xcdatamodel":
            guard isDirectory.boolValue else { throw LintInputError(file: given, "expected a .xcdatamodel folder, found a file") }
            return coreDataVersion(folder: given, display: given, name: url.deletingPathExtension().lastPathComponent)
        case "swift":
            return .swiftData(files: [(given, given)], root: given, folderName: url.deletingPathExtension().lastPathComponent)
        default:
            if !isDirectory.boolValue, url.lastPathComponent == "contents", url.deletingLastPathComponent().pathExtension == "xcdatamodel" {
                return .coreData(contents: given, displayPath: given,
                                 modelName: url.deletingLastPathComponent().deletingPathExtension().lastPathComponent)
            }
            guard isDirectory.boolValue else {
                throw LintInputError(file: given, "not a model: expected a .xcdatamodeld or .xcdatamodel folder, a .swift file, or a folder of SwiftData sources")
            }
            let files = swiftFiles(under: given)
            guard !files.isEmpty else {
                throw LintInputError(file: given, "not a model: no .xcdatamodeld or .xcdatamodel folder was given, and the folder holds no .swift files outside its tests")
            }
            return .swiftData(files: files.map { (given + "/" + $0, given + "/" + $0) }, root: given, folderName: url.standardizedFileURL.lastPathComponent)
        }
    }

    /// The model as a path: the `.xcdatamodeld` (or `.xcdatamodel`) folder
    /// of a Core Data model, the file or folder of SwiftData sources.
    var path: String {
        switch self {
        case .coreData(_, let displayPath, _):
            if let bundle = displayPath.range(of: ".xcdatamodeld/") { return String(displayPath[..<bundle.lowerBound]) + ".xcdatamodeld" }
            return displayPath.hasSuffix("/contents") ? String(displayPath.dropLast("/contents".count)) : displayPath
        case .swiftData(_, let root, _):
            return root
        }
    }

    /// `name` is the model's: the `.xcdatamodeld` bundle's, not the version's.
    private static func coreDataVersion(folder: String, display: String, name: String) -> ModelSource {
        return .coreData(contents: folder + "/contents", displayPath: display + "/contents", modelName: name)
    }

    /// `.swift` files under `folder`, relative to it, sorted; hidden folders
    /// (`.build`, `.git`) and the app's tests (``TestFolders``) are skipped.
    private static func swiftFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let folders = relative.split(separator: "/").dropLast()
            guard !folders.contains(where: { $0.hasPrefix(".") || TestFolders.holdsTests($0) }) else { continue }
            files.append(relative)
        }
        return files.sorted()
    }
}
