import SyncScenarioFile
import SyncSimulation
/// How big a scenario document is, in the units a shrink reports.
public struct DocumentSize: Hashable, Sendable {
    /// Entries of `steps` (a `random` step counts once).
    public let steps: Int
    /// Replicas, without the hub of a hub topology.
    public let replicas: Int
    /// Rows imported: each `import` step's `count` times its targets.
    public let importedRecords: Int
    /// Random operations: each `random` step's `ops` times its targets.
    public let randomOperations: Int
    /// The document rendered as JSON5, without any header comment.
    public let bytes: Int

    /// Measures `document`.
    public init(of document: JSON5Value) {
        steps = document.steps.count
        replicas = document.replicaNames.count
        var imported = 0
        var operations = 0
        for step in document.steps {
            let targets = step.targets(in: document)?.count ?? 0
            imported += Int(step["import"]?["count"]?.intValue ?? 0) * targets
            operations += Int(step["random"]?["ops"]?.intValue ?? 0) * targets
        }
        importedRecords = imported
        randomOperations = operations
        bytes = document.rendered().utf8.count
    }

    /// `steps 5 → 2, replicas 3 → 2, imported records 60 → 1, random
    /// operations 120 → 0, bytes 1480 → 412`.
    public static func comparison(_ before: DocumentSize, _ after: DocumentSize) -> String {
        [("steps", before.steps, after.steps), ("replicas", before.replicas, after.replicas),
         ("imported records", before.importedRecords, after.importedRecords),
         ("random operations", before.randomOperations, after.randomOperations), ("bytes", before.bytes, after.bytes)]
            .map { "\($0.0) \($0.1) → \($0.2)" }.joined(separator: ", ")
    }
}
