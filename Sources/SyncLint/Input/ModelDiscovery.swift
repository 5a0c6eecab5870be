import Foundation

/// The models in an app's source folder (`simulate lint DIR`): every
/// `.xcdatamodeld` (and every `.xcdatamodel` outside one), and the `@Model`
/// classes of its Swift sources, each linted on its own. Whether the app
/// creates an `NSPersistentCloudKitContainer` is read too: a Core Data model
/// such an app loads syncs, whatever the model file is marked. So are the
/// entitlements its project files name, and what its code syncs through
/// (``StackScan``).
struct ModelDiscovery {
    /// What was found, in path order: Core Data models, then the Swift sources.
    var sources: [ModelSource] = []
    /// `file:line` where the app's code creates an
    /// `NSPersistentCloudKitContainer` (failing that, first names the class),
    /// if anywhere.
    var cloudKitContainer: String?
    /// `file:line` of the first `NSPersistentContainer` in the app's code.
    var plainContainer: String?
    /// What the app's `.entitlements` files say about CloudKit: nil when
    /// the folder holds none.
    var entitlements: Entitlements?
    /// The app's projects (`.xcodeproj`, Tuist `Project.swift`, XcodeGen
    /// `project.yml`), as findings name files; empty when there is none.
    var projects: [String] = []
    /// What the entitlements those projects name say: nil without a project.
    var projectVerdict: ProjectEntitlements.Verdict?
    /// Where the code creates what syncs it; nil when the path given is a
    /// model or a file, not a folder whose code was read.
    var code: StackScan?

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
        var projectFiles = ProjectEntitlements.Files()
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
                    if last == "Project.swift" { projectFiles.tuistManifests.append(relative) }
                    if relative.split(separator: "/").contains("ProjectDescriptionHelpers") { projectFiles.tuistHelpers.append(relative) }
                } else if last.hasSuffix(".m") || last.hasSuffix(".mm") {
                    codeFiles.append(relative)
                } else if last.hasSuffix(".entitlements") {
                    entitlementFiles.append(relative)
                } else if last == "project.pbxproj", ProjectPath.folder(of: relative).hasSuffix(".xcodeproj") {
                    projectFiles.pbxprojs.append(relative)
                } else if last.hasSuffix(".xcconfig") {
                    projectFiles.xcconfigs.append(relative)
                } else if last == "project.yml" || last == "project.yaml" {
                    projectFiles.xcodeGenSpecs.append(relative)
                }
            }
        }
        var discovery = ModelDiscovery(entitlements: Self.entitlements(entitlementFiles.sorted(), under: given))
        if let project = ProjectEntitlements.read(projectFiles, under: given) {
            discovery.projects = project.projects.map { ProjectPath.onDisk($0, under: given) }
            discovery.projectVerdict = project.verdict(under: given)
        }
        // Each code file is read once, for everything looked for in it.
        // A path found twice (a folder reached again through a link) is read once.
        var texts: [String: String] = [:]
        for file in codeFiles where texts[file] == nil {
            texts[file] = FileManager.default.contents(atPath: given + "/" + file).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        }
        discovery.code = StackScan.scan(codeFiles, texts: texts, under: given)
        discovery.cloudKitContainer = discovery.code?.cloudKitContainer
        discovery.plainContainer = firstUse(of: "NSPersistentContainer(", in: codeFiles.sorted(), texts: texts, under: given)
        guard !models.isEmpty else {
            discovery.sources = [try ModelSource.locate(given)]
            return discovery
        }
        for model in models.sorted() {
            discovery.sources.append(try ModelSource.locate(given + "/" + model))
        }
        if swiftFiles.contains(where: { texts[$0]?.contains("@Model") == true }) {
            // Every Swift file, so typealiases and migration plans outside
            // the model files are read too.
            discovery.sources.append(.swiftData(files: swiftFiles.sorted().map { (given + "/" + $0, given + "/" + $0) }, root: given,
                                                folderName: URL(fileURLWithPath: given).standardizedFileURL.lastPathComponent))
        }
        return discovery
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
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
