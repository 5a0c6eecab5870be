import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation
import Testing

/// The ordered JSON5 tree: what it reads, and that rendering keeps order.
struct JSON5ValueTests {
    @Test func readsJSON5AndKeepsKeyOrder() throws {
        let text = """
        // a comment
        { zeta: 1, 'alpha': "two", "mid": [0x1F, -.5, +3, 1e-3, Infinity,], /* block */ nested: { b: true, a: null }, }
        """
        let value = try JSON5Value.parse(text)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["zeta", "alpha", "mid", "nested"])
        #expect(value["mid"] == .array([.number("0x1F"), .number("-.5"), .number("+3"), .number("1e-3"), .number("Infinity")]))
        #expect(value["mid"]?.arrayItems?[0].intValue == 31)
        #expect(value.inline == #"{ zeta: 1, alpha: "two", mid: [0x1F, -.5, +3, 1e-3, Infinity], nested: { b: true, a: null } }"#)
    }
}

extension JSON5ValueTests {
    /// Every committed scenario reads the same after a trip through the
    /// tree and the renderer: what the shrinker edits is the file.
    @Test func committedScenariosReadTheSameAfterRendering() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Scenarios").path
        let paths = try ScenarioFile.expand([folder])
        #expect(paths.count >= 10)
        for path in paths {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let original = try ScenarioFile.parse(Data(text.utf8), file: path)
            let rendered = try JSON5Value.parse(text).rendered()
            let again = try ScenarioFile.parse(Data(rendered.utf8), file: path)
            #expect(again.scenario.steps == original.scenario.steps, "\(path)")
            #expect(again.expectations == original.expectations, "\(path)")
            #expect(again.strategyNames == original.strategyNames, "\(path)")
            #expect(again.scenario.replicaNames == original.scenario.replicaNames, "\(path)")
            #expect(again.scenario.untilMicros == original.scenario.untilMicros, "\(path)")
            #expect(again.scenario.network == original.scenario.network, "\(path)")
            #expect(again.seed == original.seed, "\(path)")
            #expect(try JSON5Value.parse(rendered) == JSON5Value.parse(text), "\(path)")
        }
    }

    @Test func longValuesBreakIntoLinesAndShortOnesStay() {
        let value = JSON5Value.object([
            .init("name", .string("a \"quoted\"\nname")),
            .init("list", .array((1 ... 30).map { .int(Int64($0)) })),
            .init("odd key", .object([.init("x", .bool(false))])),
        ])
        #expect(value.rendered(width: 60) == """
        {
          name: "a \\"quoted\\"\\nname",
          list: [
            1,
            2,
        """ + "\n" + (3 ... 30).map { "    \($0),\n" }.joined() + """
          ],
          "odd key": { x: false },
        }

        """)
    }

    @Test func badTextNamesTheLineAndColumn() {
        let error = #expect(throws: JSON5ParseError.self) { try JSON5Value.parse("{\n  a: [1, 2,\n  b: 3 }") }
        #expect(error?.description == "line 3, column 3: expected a value, found 'b'")
    }

    /// The lines `simulate check` annotates: where each value down to the
    /// given depth starts, and nothing deeper.
    @Test func linesOfValuesDownToADepth() throws {
        let text = "{ name: \"x\", // one\n  steps: [],\n  expect: [\n    { strategy: \"lww\",\n      metric: \"diverged\" },\n\n    /* two */ { strategy: \"crdt\" } ] }"
        let (value, lines) = try JSON5Value.parseWithLines(text, depth: 2)
        #expect(value == (try JSON5Value.parse(text)))
        #expect(lines == ["name": 1, "steps": 2, "expect": 3, "expect[0]": 4, "expect[1]": 7])
        #expect(try JSON5Value.parseWithLines(text, depth: 0).lines.isEmpty)
    }
}
