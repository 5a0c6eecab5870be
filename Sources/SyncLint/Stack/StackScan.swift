import Foundation

/// Where an app's code creates what syncs it, each as the `path:line` of
/// the first place (files in sorted order, comments left out, the app's
/// tests never read). The stack each stands for is ``SyncStack``'s.
struct StackScan: Equatable {
    /// `NSPersistentCloudKitContainer(…)`; failing that, the first use of
    /// the class (a subclass, Objective-C's `alloc`).
    var cloudKitContainer: String?
    /// SwiftData's container: `ModelContainer(…)`, or SwiftUI's
    /// `.modelContainer(…)`, which makes one; the `@main` type's file's
    /// first, then one in a file with no SwiftUI preview.
    var modelContainer: String?
    /// `CKSyncEngine(…)`; failing that, `CKSyncEngine.Configuration(…)`,
    /// which only an engine takes. A bare mention is not enough: SQLiteData
    /// apps name `CKSyncEngine.Event` types in their delegates.
    var ckSyncEngine: String?
    /// SQLiteData's `SyncEngine(…)`, in an app that imports `SQLiteData` (or
    /// `SharingGRDB`, its former name) and declares no `SyncEngine` type of
    /// its own.
    var sqliteDataEngine: String?

    /// The code `files` (relative to `root`, whose `texts` are given) shows.
    static func scan(_ files: [String], texts: [String: String], under root: String) -> StackScan {
        var lines: [(file: String, lines: [Substring])] = []
        for file in files.sorted() {
            guard let text = texts[file] else { continue }
            lines.append((file, SourceText.strippingComments(text).split(separator: "\n", omittingEmptySubsequences: false)))
        }
        func first(_ matches: (Substring) -> Bool, swiftOnly: Bool = false, in only: Set<String>? = nil) -> String? {
            for (file, fileLines) in lines where (!swiftOnly || file.hasSuffix(".swift")) && only.map({ $0.contains(file) }) ?? true {
                if let index = fileLines.firstIndex(where: matches) { return "\(root)/\(file):\(index + 1)" }
            }
            return nil
        }
        let everything = lines.flatMap(\.lines)
        let importsSQLiteData = everything.contains { imports($0, "SQLiteData") || imports($0, "SharingGRDB") }
        let declaresSyncEngine = everything.contains { line in
            ["class", "struct", "actor", "enum", "typealias"].contains { declares(line, $0, "SyncEngine") }
        }
        var scan = StackScan()
        scan.cloudKitContainer = first { creates($0, "NSPersistentCloudKitContainer") } ?? first { uses($0, "NSPersistentCloudKitContainer") }
        // The container the app ships: the one its `@main` type's file
        // makes, else one outside a SwiftUI preview, else the first (an
        // app also builds containers for previews, sample data, intents).
        let makesContainer: (Substring) -> Bool = { creates($0, "ModelContainer") || $0.contains(".modelContainer(") }
        let mainFiles = Set(lines.filter { $0.lines.contains { $0.contains("@main") } }.map(\.file))
        let previewFiles = Set(lines.filter { $0.lines.contains { $0.contains("#Preview") || $0.contains("PreviewProvider") } }.map(\.file))
        scan.modelContainer = first(makesContainer, swiftOnly: true, in: mainFiles)
            ?? first(makesContainer, swiftOnly: true, in: Set(lines.map(\.file)).subtracting(previewFiles))
            ?? first(makesContainer, swiftOnly: true)
        scan.ckSyncEngine = first({ creates($0, "CKSyncEngine") }, swiftOnly: true)
            ?? first({ $0.contains("CKSyncEngine.Configuration(") }, swiftOnly: true)
        if importsSQLiteData && !declaresSyncEngine {
            scan.sqliteDataEngine = first({ creates($0, "SyncEngine") }, swiftOnly: true)
        }
        return scan
    }

    /// `name(` or `name.init(`, not part of a longer name (`CKSyncEngine(`
    /// is not SQLiteData's `SyncEngine(`, nor `makeModelContainer(`
    /// SwiftData's).
    static func creates(_ line: Substring, _ name: String) -> Bool {
        occurrences(of: name, in: line).contains { end in
            let rest = line[end...]
            return rest.hasPrefix("(") || rest.hasPrefix(".init(")
        }
    }

    /// `name`, not part of a longer name.
    static func uses(_ line: Substring, _ name: String) -> Bool {
        occurrences(of: name, in: line).contains { end in end == line.endIndex || !SourceText.isIdentifier(line[end]) }
    }

    /// `import module` (after any attributes such as `@preconcurrency`).
    static func imports(_ line: Substring, _ module: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let index = words.firstIndex(of: "import"), words.index(after: index) < words.endIndex else { return false }
        return words[words.index(after: index)] == module
    }

    /// `keyword name` as a declaration (`final class SyncEngine`).
    static func declares(_ line: Substring, _ keyword: String, _ name: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" || $0 == "=" })
        return zip(words, words.dropFirst()).contains { $0 == keyword && $1 == name }
    }

    /// The end of each occurrence of `name` in `line` that does not
    /// continue an identifier on its left.
    private static func occurrences(of name: String, in line: Substring) -> [Substring.Index] {
        var ends: [Substring.Index] = []
        var searchFrom = line.startIndex
        while let found = line.range(of: name, range: searchFrom..<line.endIndex) {
            searchFrom = found.upperBound
            if found.lowerBound == line.startIndex || !SourceText.isIdentifier(line[line.index(before: found.lowerBound)]) {
                ends.append(found.upperBound)
            }
        }
        return ends
    }
}
