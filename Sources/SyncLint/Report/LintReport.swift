/// What `simulate lint` prints and how it exits: the findings in file and
/// line order, a blank line, then the summary (counts, the verdict, the
/// natural keys and the SyncSim strategies that fit).
public struct LintReport: Sendable {
    public let model: DataModel
    public let findings: [Finding]

    public init(model: DataModel, findings: [Finding]) {
        self.model = model
        self.findings = findings.sorted()
    }

    public func count(_ severity: Finding.Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// 1 when the model would fail to load with CloudKit (any error), 0
    /// when it would load (warnings and notes only, or nothing).
    public var exitStatus: Int32 { count(.error) > 0 ? 1 : 0 }

    public var summaryLines: [String] {
        let errors = count(.error)
        let warnings = count(.warning)
        let notes = count(.note)
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var counts = [plural(errors, "error"), plural(warnings, "warning")]
        if notes > 0 { counts.append(plural(notes, "note")) }
        let unsynced = model.entities.filter { !$0.isSynced }.count
        let entities = (model.entities.count == 1 ? "1 entity" : "\(model.entities.count) entities")
            + (unsynced > 0 ? " (\(unsynced) not synced)" : "")
        let verdict = errors > 0
            ? "the model fails to load with CloudKit"
            : warnings > 0 ? "nothing found that fails at launch with CloudKit; check the warnings by hand" : "ready for CloudKit"
        return ["lint: \(counts.joined(separator: ", ")) in \(entities) of \(model.name) (\(model.kind.rawValue)): \(verdict)"]
            + StrategyAdvice.lines(for: model)
    }

    /// Every line, as printed.
    public var lines: [String] {
        findings.map(\.description) + (findings.isEmpty ? [] : [""]) + summaryLines
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }
}
