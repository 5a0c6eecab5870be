import Foundation
import SyncScenarioFile
import SyncSimulation

/// One libFuzzer input: the bytes of a scenario file, read exactly as
/// `simulate run FILE` reads one (``ScenarioFile/load(_:seed:engine:preset:)``
/// hands the file's bytes to this same call). A ``ScenarioFileError`` is the
/// expected answer to bad input, and its text must start with the file's
/// name; a trap anywhere is the bug being hunted.
/// The same bytes, when they are UTF-8, also go to ``JSON5Value/parse(_:)``,
/// the order-keeping reader that explore and shrink edit documents with.
///
/// With `SYNCSIM_FUZZ_STRICT=1` in the environment the target also checks
/// properties that are not traps: what ScenarioFile reads, JSON5Value reads
/// too, and a rendered tree reads back as the same tree. Off by default, so
/// that a long run is not stopped by a difference before it finds the
/// traps. With `SYNCSIM_FUZZ_VERBOSE=1` it prints what became of each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var parsed = false
    do {
        let document = try ScenarioFile.parse(data, file: "fuzz.json5", seed: nil, overrides: [])
        parsed = true
        FuzzOptions.say("parsed: \(document.scenario.name), \(document.scenario.steps.count) steps")
    } catch {
        FuzzOptions.say("refused: \(error)")
        // The error must name the file: every message a person sees does.
        precondition(error.description.hasPrefix("fuzz.json5: "), "a refusal that does not name the file: \(error)")
    }
    guard let text = String(validating: data, as: UTF8.self) else { return 0 }
    let tree: JSON5Value?
    do {
        tree = try JSON5Value.parse(text)
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "a JSON5 error outside the text: \(error)")
        tree = nil
    }
    if FuzzOptions.strict {
        if parsed { precondition(tree != nil, "ScenarioFile read a document that JSON5Value.parse refuses") }
        if let tree {
            // What explore and shrink write back must read as the same tree.
            let again = try? JSON5Value.parse(tree.rendered())
            precondition(again == tree, "JSON5Value.rendered() does not read back as the same tree")
        }
    }
    return 0
}

enum FuzzOptions {
    static let strict = ProcessInfo.processInfo.environment["SYNCSIM_FUZZ_STRICT"] == "1"
    static let verbose = ProcessInfo.processInfo.environment["SYNCSIM_FUZZ_VERBOSE"] == "1"

    /// To stderr, unbuffered: a sanitizer's exit would lose buffered stdout.
    static func say(_ line: @autoclosure () -> String) {
        guard verbose else { return }
        FileHandle.standardError.write(Data((line() + "\n").utf8))
    }
}
