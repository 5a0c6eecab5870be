import Foundation

/// The entitlements an XcodeGen spec (`project.yml`, and the specs it
/// `include:`s) names, read line by line by indentation, not as YAML in
/// full: a target's `entitlements:` entry (`path:` the file; `properties:`
/// the entitlements XcodeGen writes into it, which then decide), and
/// `CODE_SIGN_ENTITLEMENTS:` under any `settings:` (a build setting, so
/// relative to the project's folder, the root spec's). An `entitlements:`
/// path is relative to the spec that writes it, as XcodeGen resolves an
/// included spec's paths.
enum XcodeGenSpec {
    /// Whether `text` is an XcodeGen spec: it has `targets:` or
    /// `include:` at the top level.
    static func isSpec(_ text: String) -> Bool {
        lines(text).contains { $0.indent == 0 && ($0.content.hasPrefix("targets:") || $0.content.hasPrefix("include:")) }
    }

    /// The references `text`, the spec at `file` (relative to the lint
    /// root), makes; `projectFolder` is the root spec's folder.
    static func references(in text: String, file: String, projectFolder: String) -> [EntitlementsReference] {
        let lines = lines(text)
        var found: [EntitlementsReference] = []
        for (index, line) in lines.enumerated() {
            if let value = value(of: XcodeBuildSettings.entitlementsSetting, in: line.content) {
                found.append(EntitlementsReference(named: ProjectPath.resolve(value, in: projectFolder).map { .file($0) } ?? .unresolved(value),
                                                   namedBy: file))
            } else if line.content == "entitlements:" {
                let block = Array(lines[(index + 1)...].prefix { $0.indent > line.indent })
                found.append(EntitlementsReference(named: entry(block, folder: ProjectPath.folder(of: file)), namedBy: file))
            }
        }
        return found
    }

    /// The specs `text` (at `file`) includes, relative to the lint root:
    /// `include: [a.yml]`, `include: a.yml`, or a list of `- a.yml` or
    /// `- path: a.yml` below it.
    static func includes(in text: String, file: String) -> [String] {
        let lines = lines(text)
        guard let index = lines.firstIndex(where: { $0.indent == 0 && $0.content.hasPrefix("include:") }) else { return [] }
        var values: [String] = []
        let inline = lines[index].content.dropFirst("include:".count).trimmingCharacters(in: .whitespaces)
        if !inline.isEmpty {
            values = inline.trimmingCharacters(in: ["[", "]"]).split(separator: ",").map { unquoted(String($0)) }
        } else {
            for line in lines[(index + 1)...].prefix(while: { $0.indent > 0 }) where line.content.hasPrefix("- ") {
                let item = String(line.content.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                values.append(unquoted(item.hasPrefix("path:") ? String(item.dropFirst("path:".count)) : item))
            }
        }
        return values.filter { !$0.isEmpty }.compactMap { ProjectPath.resolve($0, in: ProjectPath.folder(of: file)) }
    }

    /// An `entitlements:` entry's block: its `properties:` decide when it
    /// has any (XcodeGen writes them into the file), else its `path:`.
    private static func entry(_ block: [Line], folder: String) -> EntitlementsReference.Named {
        if block.contains(where: { $0.content.hasPrefix("properties:") }) {
            return .inline(enablesCloudKit: propertiesEnableCloudKit(block))
        }
        guard let path = block.lazy.compactMap({ value(of: "path", in: $0.content) }).first else { return .unresolved("entitlements:") }
        return ProjectPath.resolve(path, in: folder).map { .file($0) } ?? .unresolved(path)
    }

    /// Whether `com.apple.developer.icloud-services` lists CloudKit, as a
    /// flow list on its line (`[CloudKit]`) or a block list below it.
    private static func propertiesEnableCloudKit(_ block: [Line]) -> Bool {
        guard let index = block.firstIndex(where: { $0.content.hasPrefix(EntitlementsFile.servicesKey + ":") }) else { return false }
        let key = block[index]
        let values = [String(key.content.dropFirst(EntitlementsFile.servicesKey.count + 1))]
            + block[(index + 1)...].prefix { $0.indent > key.indent }.map(\.content)
        return values.joined(separator: ",")
            .split(whereSeparator: { "[],- ".contains($0) })
            .map { unquoted(String($0)) }
            .contains(where: EntitlementsFile.isCloudKit)
    }

    /// `KEY: value` on `content`, the value unquoted; nil for another key
    /// or no value.
    private static func value(of key: String, in content: String) -> String? {
        guard content.hasPrefix(key + ":") else { return nil }
        let value = unquoted(String(content.dropFirst(key.count + 1)))
        return value.isEmpty ? nil : value
    }

    private static func unquoted(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
    }

    struct Line {
        var indent: Int
        var content: String
    }

    /// Non-blank lines, `#` comments removed, with their indentation.
    private static func lines(_ text: String) -> [Line] {
        text.split(whereSeparator: \.isNewline).compactMap { raw in
            var line = String(raw)
            if let hash = line.range(of: " #") { line = String(line[..<hash.lowerBound]) }
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, !content.hasPrefix("#") else { return nil }
            return Line(indent: indent, content: content)
        }
    }
}
