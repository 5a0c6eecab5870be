import Foundation
import SyncSimulation

/// A scenario file as `simulate advise FILE` takes it: the scenario, its
/// `advise` block and its `schema` member as written, from one read and
/// one parse of the file.
public struct ScenarioAdviceFile: Sendable {
    /// The scenario the file describes, checked as `simulate run` checks it.
    public let document: ScenarioDocument
    /// The file's `advise` block; empty when it has none.
    public let block: ScenarioAdviceBlock
    /// The `schema` member as lines of a top-level member, for advise to
    /// write into each habit's scenario as the file gives it
    /// (``ScenarioAdviceBlock/schemaMemberLines(root:)``); nil when the
    /// file has no schema.
    public let schemaLines: [String]?

    /// Reads the scenario file at `path`. Its block is checked before its
    /// scenario, so a mistake in the block is the one reported.
    public static func read(_ path: String) throws(ScenarioFileError) -> ScenarioAdviceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ScenarioFileError(file: path, path: "", message: reason)
        }
        let tree: JSON5Value
        do {
            tree = try JSON5Value.document(data)
        } catch {
            throw ScenarioFileError(file: path, path: error.path, message: error.message, line: error.line)
        }
        let block = try ScenarioAdviceBlock.read(root: tree, file: path)
        var parser = ScenarioParser(root: Node(value: tree, path: "", file: path), seedOverride: nil, checkingSettings: true)
        // Advise runs its own workloads over the file's schema, never the
        // file's steps: a file too large to run is still read at once.
        parser.sizeCheck = ScenarioSizeCheck(limits: RunLimits(), overBudget: .skipKeyPasses)
        let document = try parser.parse()
        return ScenarioAdviceFile(document: document, block: block, schemaLines: ScenarioAdviceBlock.schemaMemberLines(root: tree))
    }
}
