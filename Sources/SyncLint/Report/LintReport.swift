/// What `simulate lint` prints and how it exits: the findings in file and
/// line order, a blank line, then the summary (counts, the verdict, the
/// natural keys and the SyncSim strategies that fit).
public struct LintReport: Sendable {
    public let model: DataModel
    public let findings: [Finding]
    /// `--assume-cloudkit`: every entity was checked as synced.
    public let assumedCloudKit: Bool

    public init(model: DataModel, findings: [Finding], assumedCloudKit: Bool = false) {
        self.model = model
        self.findings = findings.sorted()
        self.assumedCloudKit = assumedCloudKit
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
        let wouldFail = findings.contains { $0.severity == .note && $0.message.hasPrefix(ModelChecker.hypotheticalPrefix) }
        let verdict = if errors > 0 {
            "the model fails to load with CloudKit"
        } else if !model.cloudKit.isSynced && !assumedCloudKit {
            wouldFail ? "not synced with CloudKit as written; the notes say what would fail if you turned it on"
                : "not synced with CloudKit as written; nothing found that would fail if you turned it on"
        } else if warnings > 0 {
            "nothing found that fails at launch with CloudKit; check the warnings by hand"
        } else {
            "ready for CloudKit"
        }
        let sync = assumedCloudKit ? "checked as synced (--assume-cloudkit)"
            : model.cloudKit.isSynced ? "synced: \(model.cloudKit.evidence)" : "not synced: \(model.cloudKit.evidence); --assume-cloudkit checks it as synced"
        return ["lint: \(counts.joined(separator: ", ")) in \(entities) of \(model.name) (\(model.kind.rawValue)): \(verdict)",
                "cloudkit: \(sync)"]
            + StrategyAdvice.lines(for: model)
    }

    /// Every line, as printed.
    public var lines: [String] {
        findings.map(\.description) + (findings.isEmpty ? [] : [""]) + summaryLines
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }
}
