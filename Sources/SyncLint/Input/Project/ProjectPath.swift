/// A path as a project file writes it (a build setting, a manifest's
/// argument), made relative to the folder `simulate lint` was given, so the
/// file can be opened and named the way findings name files.
enum ProjectPath {
    /// The build variables that name the project's own folder (Xcode's
    /// `SRCROOT`, `PROJECT_DIR`, `SOURCE_ROOT`): a path starting with one is
    /// relative to that folder, as a bare relative path is.
    static let projectFolderVariables = ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"].flatMap { ["$(\($0))", "${\($0)}"] }

    /// `value` resolved against `folder` (relative to the lint root, "" for
    /// the root itself), `..` and `.` applied: relative to the root, or
    /// absolute when `value` is. Nil when `value` still holds a build
    /// variable lint cannot expand (`$(TARGET_NAME)`), or is empty.
    static func resolve(_ value: String, in folder: String) -> String? {
        var path = value
        for variable in projectFolderVariables where path.hasPrefix(variable) {
            path = String(path.dropFirst(variable.count))
            while path.hasPrefix("/") { path.removeFirst() }
        }
        guard !path.isEmpty, !path.contains("$(") && !path.contains("${") else { return nil }
        if path.hasPrefix("/") { return normalized(path) }
        return normalized(folder.isEmpty ? path : folder + "/" + path)
    }

    /// The folder holding `relative` (relative to the root): "" at the root.
    static func folder(of relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return "" }
        return String(relative[..<slash])
    }

    /// `root/relative`, or `relative` when it is absolute.
    static func onDisk(_ relative: String, under root: String) -> String {
        relative.hasPrefix("/") ? relative : root + "/" + relative
    }

    /// `a/./b/../c` as `a/c`; a `..` that climbs above the start is kept.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
