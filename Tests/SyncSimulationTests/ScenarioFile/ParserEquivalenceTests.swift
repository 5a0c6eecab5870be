import Foundation
@testable import SyncSimulation
@testable import SyncScenarioFile
import Testing

/// Scenario files were read by Foundation's `JSONDecoder` until the
/// project's own parser replaced it (issue 15). Every committed scenario
/// must mean exactly what it meant: the same tree, key for key, with the
/// same integers and fractions.
struct ParserEquivalenceTests {
    /// The tree as `JSONDecoder` (with `allowsJSON5`) reads it: the old parser.
    indirect enum DecodedTree: Decodable, Equatable {
        case null, bool(Bool), int(Int64), double(Double), string(String), array([DecodedTree]), object([String: DecodedTree])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int64.self) { self = .int(value); return }
            if let value = try? container.decode(Double.self) { self = .double(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode([DecodedTree].self) { self = .array(value); return }
            self = .object(try container.decode([String: DecodedTree].self))
        }

        init(_ value: JSON5Value) {
            switch value {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .number:
                switch value.numberValue! {
                case .int(let value): self = .int(value)
                // JSONDecoder reads a whole number above Int64.max as a Double.
                case .uint(let value): self = .double(Double(value))
                case .double(let value): self = .double(value)
                }
            case .string(let value): self = .string(value)
            case .array(let items): self = .array(items.map(DecodedTree.init))
            case .object(let members): self = .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, DecodedTree($0.value)) }))
            }
        }
    }

    static var scenarioFiles: [URL] {
        let root = ScenarioFileTesting.packageRoot
        let folders = ["Scenarios", "Examples/CustomStrategy/Scenarios"].map { root.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json5") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
    }

    @Test func everyCommittedScenarioReadsAsJSONDecoderReadIt() throws {
        let files = Self.scenarioFiles
        #expect(files.count >= 28)
        for file in files {
            let data = try Data(contentsOf: file)
            let decoder = JSONDecoder()
            decoder.allowsJSON5 = true
            let old = try decoder.decode(DecodedTree.self, from: data)
            let new = DecodedTree(try JSON5Value.document(data))
            #expect(old == new, "\(file.lastPathComponent)")
        }
    }

    @Test func literalsOfEveryKindReadAlike() throws {
        let text = #"""
        // comments, trailing commas, quotes of both kinds, escapes
        { a: 1, 'b': [1.0, 1e3, -0x10, .5, 5., +7, 2.50, 1e-3, 9223372036854775807, 9223372036854775808],
          "c": "tab\tquote\"é\u00e9\x41", $d_1: null, e: [true, false, {}, [],], /* block */ f: -Infinity, }
        """#
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let old = try decoder.decode(DecodedTree.self, from: Data(text.utf8))
        let new = DecodedTree(try JSON5Value.document(Data(text.utf8)))
        guard case .object(let oldMembers) = old, case .object(let newMembers) = new else { Issue.record("not objects"); return }
        #expect(oldMembers.keys.sorted() == newMembers.keys.sorted())
        for key in oldMembers.keys.sorted() { #expect(oldMembers[key] == newMembers[key], "\(key)") }
        // The one difference: a backslash before a line break continues
        // the string and adds nothing (JSON5 spec, LineContinuation);
        // Foundation kept the line break. No committed scenario has one.
        guard case .string(let joined)? = try JSON5Value.document(Data("{ s: \"a\\\nb\" }".utf8))["s"] else {
            Issue.record("not a string"); return
        }
        #expect(joined == "ab")
    }
}
