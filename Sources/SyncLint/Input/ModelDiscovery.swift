import Foundation

/// The models in an app's source folder (`simulate lint DIR`): every
/// `.xcdatamodeld` (and every `.xcdatamodel` outside one), and the `@Model`
/// classes of its Swift sources, each linted on its own. Whether the app
/// creates an `NSPersistentCloudKitContainer` is read too: a Core Data model
/// such an app loads syncs, whatever the model file is marked.
struct ModelDiscovery {
    /// What was found, in path order: Core Data models, then the Swift sources.
    var sources: [ModelSource] = []
    /// `file:line` of the first `NSPersistentCloudKitContainer` in the
    /// app's code, if any.
    var cloudKitContainer: String?
    /// `file:line` of the first `NSPersistentContainer` in the app's code.
    var plainContainer: String?
    /// What the app's `.entitlements` files say about CloudKit: nil when
    /// the folder holds none.
    var entitlements: Entitlements?

    enum Entitlements: Equatable {
        /// This file lists CloudKit among `com.apple.developer.icloud-services`.
        case cloudKit(String)
        /// None of these files does (count, the first).
        case noCloudKit(count: Int, first: String)
    }

    /// Folders never searched: build products, dependencies, VCS (and the
    /// app's tests, ``TestFolders``).
    static let skippedFolders: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// A path that is a model itself gives that model; a folder that holds
    /// no Core Data model gives its Swift sources, as before; a folder that
    /// holds one or more gives each, and its `@Model` sources if it has any.
    static func find(_ path: String) throws(LintInputError) -> ModelDiscovery {
        let given = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory)
        let ext = URL(fileURLWithPath: given).pathExtension
        guard exists, isDirectory.boolValue, ext != "xcdatamodeld", ext != "xcdatamodel" else {
            return ModelDiscovery(sources: [try ModelSource.locate(given)])
        }
        var models: [String] = []
        var swiftFiles: [String] = []
        var codeFiles: [String] = []
        var entitlementFiles: [String] = []
        if let enumerator = FileManager.default.enumerator(atPath: given) {
            while let relative = enumerator.nextObject() as? String {
                let last = (relative as NSString).lastPathComponent
                if last.hasPrefix(".") || skippedFolders.contains(last) {
                    enumerator.skipDescendants()
                    continue
                }
                // The app's tests do not ship: no model, configuration or
                // container of theirs decides how the app syncs.
                if TestFolders.holdsTests(last), isFolder(given + "/" + relative) {
                    enumerator.skipDescendants()
                    continue
                }
                if last.hasSuffix(".xcdatamodeld") {
                    models.append(relative)
                    enumerator.skipDescendants()
                } else if last.hasSuffix(".xcdatamodel") {
                    models.append(relative)
                    enumerator.skipDescendants()
                } else if last.hasSuffix(".swift") {
                    swiftFiles.append(relative)
                    codeFiles.append(relative)
                } else if last.hasSuffix(".m") || last.hasSuffix(".mm") {
                    codeFiles.append(relative)
                } else if last.hasSuffix(".entitlements") {
                    entitlementFiles.append(relative)
                }
            }
        }
        let entitlements = Self.entitlements(entitlementFiles.sorted(), under: given)
        guard !models.isEmpty else { return ModelDiscovery(sources: [try ModelSource.locate(given)], entitlements: entitlements) }
        var discovery = ModelDiscovery(entitlements: entitlements)
        for model in models.sorted() {
            discovery.sources.append(try ModelSource.locate(given + "/" + model))
        }
        // Each code file is read once, for the three things looked for in it.
        // A path found twice (a folder reached again through a link) is read once.
        var texts: [String: String] = [:]
        for file in codeFiles where texts[file] == nil {
            texts[file] = FileManager.default.contents(atPath: given + "/" + file).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        }
        if swiftFiles.contains(where: { texts[$0]?.contains("@Model") == true }) {
            // Every Swift file, so typealiases and migration plans outside
            // the model files are read too.
            discovery.sources.append(.swiftData(files: swiftFiles.sorted().map { (given + "/" + $0, given + "/" + $0) }, root: given,
                                                folderName: URL(fileURLWithPath: given).standardizedFileURL.lastPathComponent))
        }
        discovery.cloudKitContainer = firstUse(of: "NSPersistentCloudKitContainer", in: codeFiles.sorted(), texts: texts, under: given)
        discovery.plainContainer = firstUse(of: "NSPersistentContainer(", in: codeFiles.sorted(), texts: texts, under: given)
        return discovery
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether any of `files` lists CloudKit among its iCloud services
    /// (`com.apple.developer.icloud-services`, the key Xcode's iCloud
    /// capability writes).
    private static func entitlements(_ files: [String], under root: String) -> Entitlements? {
        guard let first = files.first else { return nil }
        for file in files {
            guard let data = FileManager.default.contents(atPath: root + "/" + file),
                  let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any],
                  let services = plist["com.apple.developer.icloud-services"] else { continue }
            let listed = (services as? [String]) ?? []
            if listed.contains(where: { $0.hasPrefix("CloudKit") }) || (services as? String) == "*" { return .cloudKit(root + "/" + file) }
        }
        return .noCloudKit(count: files.count, first: root + "/" + first)
    }

    /// `path:line` of the first line in `files` (whose `texts` are read)
    /// that uses `name` outside a `//` comment.
    private static func firstUse(of name: String, in files: [String], texts: [String: String], under root: String) -> String? {
        for file in files {
            guard let text = texts[file], text.contains(name) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                if code.contains(name) { return "\(root)/\(file):\(index + 1)" }
            }
        }
        return nil
    }
}
