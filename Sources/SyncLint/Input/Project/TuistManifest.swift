import Foundation

/// The entitlements a Tuist manifest (`Project.swift`, or a helper under
/// `ProjectDescriptionHelpers`) names: each `entitlements:` argument, in the
/// forms Tuist's `Entitlements` takes: a path string (`"App/App.entitlements"`),
/// `.file(path: …)` with a string or `.relativeToManifest(…)`,
/// `.relativeToCurrentFile(…)`, `.relativeToRoot(…)`; `.dictionary([…])`,
/// whose `com.apple.developer.icloud-services` Tuist writes out as the
/// file; `.variable("$(…)")`, a build setting lint cannot follow. An
/// argument that is a constant (`entitlements: appEntitlements`) is looked
/// up in the same file. Paths are relative to the manifest's folder.
enum TuistManifest {
    /// The references in `text`, the manifest or helper at `file`
    /// (relative to the lint root). A helper's plain path is relative to
    /// the manifest that calls it: `manifestFolders` are tried in turn, and
    /// the first that holds the file is taken.
    static func references(in text: String, file: String, manifestFolders: [String], root: String) -> [EntitlementsReference] {
        guard isManifest(text) else { return [] }
        let code = Array(SourceText.strippingComments(text))
        var found: [EntitlementsReference] = []
        for start in labelEnds(of: "entitlements", in: code) {
            let argument = expression(in: code, from: start, untilNewline: false)
            if let named = classify(argument, code: code, file: file, manifestFolders: manifestFolders, root: root, depth: 0) {
                found.append(EntitlementsReference(named: named, namedBy: file))
            }
        }
        return found
    }

    /// Whether `text` is Tuist's: it imports `ProjectDescription` (an app's
    /// own `Project.swift`, say a `@Model class Project`, does not).
    static func isManifest(_ text: String) -> Bool {
        SourceText.strippingComments(text).split(whereSeparator: \.isNewline).contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.firstIndex(of: "import").map { words.index(after: $0) < words.endIndex && words[words.index(after: $0)] == "ProjectDescription" } ?? false
        }
    }

    /// What an `entitlements:` argument names; nil when it names none
    /// (`nil`, or a parameter declaration `entitlements: Entitlements? = nil`).
    private static func classify(_ given: String, code: [Character], file: String, manifestFolders: [String], root: String,
                                 depth: Int) -> EntitlementsReference.Named? {
        let argument = given.trimmingCharacters(in: .whitespacesAndNewlines)
        if argument.isEmpty || argument == "nil" { return nil }
        // A parameter declaration names what its default names, if anything.
        if argument.hasPrefix("Entitlements"), !argument.dropFirst("Entitlements".count).hasPrefix(".") {
            guard let equals = argument.firstIndex(of: "=") else { return nil }
            return classify(String(argument[argument.index(after: equals)...]), code: code, file: file, manifestFolders: manifestFolders,
                            root: root, depth: depth + 1)
        }
        if argument.contains(".dictionary(") { return .inline(enablesCloudKit: dictionaryEnablesCloudKit(argument)) }
        if argument.contains(".variable(") { return .unresolved(argument) }
        if let path = firstStringLiteral(in: argument) {
            guard !path.contains("\\(") else { return .unresolved(argument) }
            if argument.contains("relativeToRoot") { return ProjectPath.resolve(path, in: "").map { .file($0) } ?? .unresolved(argument) }
            let own = ProjectPath.folder(of: file)
            let ownFolder = file == "Project.swift" || file.hasSuffix("/Project.swift")
            // A helper's `.relativeToCurrentFile` is its own folder; any
            // other path of a helper is the calling manifest's.
            let folders = ownFolder || argument.contains("relativeToCurrentFile") ? [own] : manifestFolders
            let candidates = folders.compactMap { ProjectPath.resolve(path, in: $0) }
            let existing = candidates.first { FileManager.default.fileExists(atPath: ProjectPath.onDisk($0, under: root)) }
            return (existing ?? candidates.first).map { .file($0) } ?? .unresolved(argument)
        }
        if depth < 3, isIdentifier(argument) {
            if let definition = definition(of: argument, in: code) {
                return classify(definition, code: code, file: file, manifestFolders: manifestFolders, root: root, depth: depth + 1)
            }
            // A helper passing its own parameter on: the caller names it.
            if String(code).contains("\(argument): Entitlements") { return nil }
        }
        return .unresolved(argument)
    }

    /// Whether a `.dictionary([…])` lists a CloudKit service: the values
    /// between `"com.apple.developer.icloud-services"` and the `]` that
    /// closes its array.
    static func dictionaryEnablesCloudKit(_ dictionary: String) -> Bool {
        guard let key = dictionary.range(of: "\"\(EntitlementsFile.servicesKey)\"") else { return false }
        let rest = dictionary[key.upperBound...]
        let values = rest[..<(rest.firstIndex(of: "]") ?? rest.endIndex)]
        return values.contains("\"CloudKit") || values.contains("\"*\"")
    }

    /// Where each `label:` argument label (or parameter) in `code` ends.
    private static func labelEnds(of label: String, in code: [Character]) -> [Int] {
        let target = Array(label + ":")
        var ends: [Int] = []
        var index = 0
        while index + target.count <= code.count {
            if Array(code[index..<index + target.count]) == target, index == 0 || !SourceText.isIdentifier(code[index - 1]) {
                ends.append(index + target.count)
                index += target.count
            } else {
                index += 1
            }
        }
        return ends
    }

    /// The expression starting at `start`: up to a `,`, `)`, `]` or `}` at
    /// its own depth (an argument), or, `untilNewline`, a line break there
    /// (a constant's value). String literals are skipped whole.
    private static func expression(in code: [Character], from start: Int, untilNewline: Bool) -> String {
        var depth = 0
        var index = start
        var inString = false
        while index < code.count {
            let character = code[index]
            if inString {
                if character == "\\" { index += 1 } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, character == "," || (untilNewline && (character.isNewline || character == ";")) {
                break
            }
            index += 1
        }
        return String(code[start..<min(index, code.count)])
    }

    /// The value of `let name = …` or `var name: Type = …` in `code`.
    private static func definition(of name: String, in code: [Character]) -> String? {
        let text = String(code)
        for keyword in ["let ", "var "] {
            var searchFrom = text.startIndex
            while let found = text.range(of: keyword + name, range: searchFrom..<text.endIndex) {
                searchFrom = found.upperBound
                let after = text[found.upperBound...]
                guard after.first.map({ !SourceText.isIdentifier($0) }) ?? false,
                      let equals = after.firstIndex(of: "="), !after[..<equals].contains(where: \.isNewline) else { continue }
                let offset = text.distance(from: text.startIndex, to: text.index(after: equals))
                return expression(in: code, from: offset, untilNewline: true)
            }
        }
        return nil
    }

    private static func firstStringLiteral(in text: String) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<close])
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { SourceText.isIdentifier($0) || $0 == "." }
    }
}
