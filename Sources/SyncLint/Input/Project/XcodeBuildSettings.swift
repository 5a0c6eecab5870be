import Foundation

/// `CODE_SIGN_ENTITLEMENTS` as Xcode writes it: in a `project.pbxproj`,
/// one line per build configuration of every target
/// (`CODE_SIGN_ENTITLEMENTS = App/App.entitlements;`, quoted when the path
/// has spaces, `"CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = …;` for a
/// conditional value), and in an `.xcconfig` (`CODE_SIGN_ENTITLEMENTS =
/// App/App.entitlements`). The path is relative to the project's folder
/// (`SRCROOT`), the folder holding the `.xcodeproj`.
enum XcodeBuildSettings {
    static let entitlementsSetting = "CODE_SIGN_ENTITLEMENTS"

    /// Every value `text` gives the setting, in order, empty ones left out.
    /// A `project.pbxproj` is an old-style property list; its build
    /// settings are one per line, which is all this reads.
    static func entitlementsValues(inProject text: String) -> [String] {
        values(in: text) { line in
            guard let semicolon = line.lastIndex(of: ";") else { return nil }
            return line[..<semicolon]
        }
    }

    /// Every value an `.xcconfig` gives the setting (`//` comments removed).
    static func entitlementsValues(inConfig text: String) -> [String] {
        values(in: text) { line in
            line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
    }

    /// The references `project.pbxproj` at `pbxproj` (relative to the lint
    /// root, holding `text`) makes: its values resolved against the folder
    /// holding the `.xcodeproj`.
    static func references(inProject text: String, pbxproj: String) -> [EntitlementsReference] {
        let xcodeproj = ProjectPath.folder(of: pbxproj)
        let projectFolder = ProjectPath.folder(of: xcodeproj)
        return entitlementsValues(inProject: text).map { value in
            EntitlementsReference(named: ProjectPath.resolve(value, in: projectFolder).map { .file($0) } ?? .unresolved(value),
                                  namedBy: xcodeproj)
        }
    }

    /// The value of each line of `text` that sets the entitlements: the
    /// key (quoted or not, with or without a `[condition]`), `=`, then
    /// what `end` keeps of the rest, unquoted.
    private static func values(in text: String, end: (Substring) -> Substring?) -> [String] {
        var found: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("\"") { line = line.dropFirst() }
            guard line.hasPrefix(entitlementsSetting) else { continue }
            var key = line.dropFirst(entitlementsSetting.count)
            // A condition, `[sdk=macosx*]`, may hold an `=` of its own.
            while key.hasPrefix("["), let close = key.firstIndex(of: "]") { key = key[key.index(after: close)...] }
            key = key.drop { $0 == "\"" || $0 == " " || $0 == "\t" }
            guard key.hasPrefix("="), let equals = key.firstIndex(of: "=") else { continue }
            guard let rest = end(line[line.index(after: equals)...]) else { continue }
            let value = rest.trimmingCharacters(in: [" ", "\t"])
            let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            if !unquoted.isEmpty { found.append(unquoted) }
        }
        return found
    }
}
