import Foundation

/// Which version of a `.xcdatamodeld` is current: the one `.xccurrentversion`
/// names (Xcode's `_XCCurrentVersionName` key), else the last `.xcdatamodel`
/// by name (the only one, in a model that was never versioned).
enum CoreDataVersions {
    static let currentVersionFile = ".xccurrentversion"
    static let currentVersionKey = "_XCCurrentVersionName"

    /// The current version's folder name, such as `Model 2.xcdatamodel`.
    static func current(in bundle: String) throws(LintInputError) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }
            .sorted()
        let marker = bundle + "/" + currentVersionFile
        if FileManager.default.fileExists(atPath: marker) {
            let named = try currentName(marker)
            guard names.contains(named) else {
                throw LintInputError(file: marker, "names the current version '\(named)', which is not in the model; versions: \(names.joined(separator: ", "))")
            }
            return named
        }
        guard let last = names.last else {
            throw LintInputError(file: bundle, "not a model: the .xcdatamodeld folder holds no .xcdatamodel version")
        }
        return last
    }

    private static func currentName(_ marker: String) throws(LintInputError) -> String {
        guard let data = FileManager.default.contents(atPath: marker) else {
            throw LintInputError(file: marker, "cannot be read")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw LintInputError(file: marker, "is not a property list: \(error.localizedDescription)")
        }
        guard let name = (plist as? [String: Any])?[currentVersionKey] as? String, !name.isEmpty else {
            throw LintInputError(file: marker, "has no \(currentVersionKey) string naming the current version")
        }
        return name
    }
}
