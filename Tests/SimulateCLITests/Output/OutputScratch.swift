import Foundation

/// A scratch folder for the output tests: a two-replica scenario whose
/// one expectation holds (`tiny.json5`), one whose expectation fails on
/// every seed (`failing.json5`, for explore's shrink), a model to lint or
/// advise on (`contacts/`), and a regular file (`taken.txt`) where a
/// folder is asked for.
struct OutputScratch {
    let folder: URL

    static let tiny = """
    {
      name: "tiny",
      replicas: 2,
      steps: [
        { at: "0s", on: "all", import: { entity: "User", count: 3 } },
      ],
      strategies: ["lww", "crdt"],
      expect: [
        { strategy: "lww", metric: "duplicates.final", equals: 3 },
      ],
    }
    """

    /// `tiny.json5` with an expectation no seed meets (lww leaves 3).
    static var failing: String {
        tiny.replacingOccurrences(of: "\"tiny\"", with: "\"failing\"").replacingOccurrences(of: "equals: 3", with: "equals: 4")
    }

    static let contacts = """
    import SwiftData

    @Model final class Contact {
        var email: String = ""
        var name: String = ""
    }
    """

    /// A fresh folder holding the files; the caller removes it (``remove()``).
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("contacts"), withIntermediateDirectories: true)
        try Data(Self.tiny.utf8).write(to: folder.appendingPathComponent("tiny.json5"))
        try Data(Self.failing.utf8).write(to: folder.appendingPathComponent("failing.json5"))
        try Data(Self.contacts.utf8).write(to: folder.appendingPathComponent("contacts/Contact.swift"))
        try Data("not a folder\n".utf8).write(to: folder.appendingPathComponent("taken.txt"))
    }

    /// `relative` inside the folder, as an absolute path.
    func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }

    /// Each `{NAME}` in `arguments` replaced by the path of NAME in the folder.
    func arguments(_ arguments: [String]) -> [String] {
        arguments.map { argument in
            guard argument.hasPrefix("{"), argument.hasSuffix("}") else { return argument }
            return path(String(argument.dropFirst().dropLast()))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
