/// What `simulate lint` prints and how it exits: the findings in file and
/// line order, a blank line, then the summary (counts, the verdict, the
/// natural keys and the SyncSim strategies that fit).
public struct LintReport: Sendable {
    /// What the model was read from, as the user gave it or as it was
    /// found under the folder they gave: the findings' files start with it.
    public let path: String
    /// The model as the reader read it.
    public let model: DataModel
    /// Every finding, sorted by file, line, severity and rule.
    public let findings: [Finding]
    /// `--assume-cloudkit`: every entity was checked as synced.
    public let assumedCloudKit: Bool
    /// Which stack syncs the model's app, and where the code says so: the
    /// summary's `stack:` line.
    public let stack: SyncStack

    /// A report of `model`, read from `path`; the findings are sorted here.
    /// Without `stack`, the model's own: as if read without its app.
    public init(path: String, model: DataModel, findings: [Finding], assumedCloudKit: Bool = false, stack: SyncStack? = nil) {
        self.path = path
        self.model = model
        self.findings = findings.sorted()
        self.assumedCloudKit = assumedCloudKit
        self.stack = stack ?? .alone(model)
    }

    /// How many findings have `severity`.
    public func count(_ severity: Finding.Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// 1 when the model would fail to load with CloudKit (any error), 0
    /// when it would load (warnings and notes only, or nothing).
    public var exitStatus: Int32 { count(.error) > 0 ? 1 : 0 }

    /// The summary's answer, from the worst finding.
    public enum Verdict: String, Sendable {
        /// An error of a rule that means Xcode does not build the model
        /// (``LintRule/meansModelDoesNotBuild``), with or without CloudKit.
        case doesNotBuild
        /// An error: the container refuses the model, the app fails at launch.
        case failsToLoad
        /// Warnings but no error: nothing found that fails, but the linter
        /// could not tell everything.
        case checkWarnings
        /// Nothing but notes, or nothing.
        case ready
        /// No error because the model does not sync as written (and
        /// `--assume-cloudkit` was not given); notes may say what would
        /// fail if it did.
        case notSynced

        /// How the summary line says it.
        public var sentence: String {
            switch self {
            case .doesNotBuild: "Xcode does not build the model (see the errors), with or without CloudKit"
            case .failsToLoad: "the model fails to load with CloudKit"
            case .checkWarnings: "nothing found that fails at launch with CloudKit; check the warnings by hand"
            case .ready: "ready for CloudKit"
            case .notSynced: "not synced with CloudKit as written"
            }
        }
    }

    /// The errors that mean Xcode does not build the model at all: what
    /// `simulate advise` stops at, since no scenario can be written from it.
    public var buildErrors: [Finding] {
        findings.filter { $0.severity == .error && $0.rule.meansModelDoesNotBuild }
    }

    /// The summary's answer: an error fails to load; a model that does not sync is `notSynced`; then warnings; else ready.
    public var verdict: Verdict {
        if !buildErrors.isEmpty { return .doesNotBuild }
        if count(.error) > 0 { return .failsToLoad }
        if !model.cloudKit.isSynced && !assumedCloudKit { return .notSynced }
        return count(.warning) > 0 ? .checkWarnings : .ready
    }

    /// The verdict as the summary line says it; for a model that does not
    /// sync, whether anything would fail if it did.
    public var verdictSentence: String {
        guard verdict == .notSynced else { return verdict.sentence }
        let wouldFail = findings.contains { $0.severity == .note && $0.message.hasPrefix(ModelChecker.hypotheticalPrefix) }
        return verdict.sentence + (wouldFail ? "; the notes say what would fail if you turned it on"
            : "; nothing found that would fail if you turned it on")
    }

    /// Whether the model syncs and why: the summary's `cloudkit:` line.
    public var syncLine: String {
        if assumedCloudKit { return "checked as synced (--assume-cloudkit)" }
        return model.cloudKit.isSynced ? "synced: \(model.cloudKit.evidence)"
            : "not synced: \(model.cloudKit.evidence); --assume-cloudkit checks it as synced"
    }

    /// The entities outside every CloudKit configuration (Core Data).
    public var notSyncedCount: Int { model.entities.filter { !$0.isSynced }.count }

    /// The counts and verdict, the `cloudkit:` and `stack:` lines, then the natural keys and the strategies that fit.
    public var summaryLines: [String] {
        let errors = count(.error)
        let warnings = count(.warning)
        let notes = count(.note)
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var counts = [plural(errors, "error"), plural(warnings, "warning")]
        if notes > 0 { counts.append(plural(notes, "note")) }
        let unsynced = notSyncedCount
        let entities = (model.entities.count == 1 ? "1 entity" : "\(model.entities.count) entities")
            + (unsynced > 0 ? " (\(unsynced) not synced)" : "")
        return ["lint: \(counts.joined(separator: ", ")) in \(entities) of \(model.name) (\(model.kind.rawValue)): \(verdictSentence)",
                "cloudkit: \(syncLine)",
                "stack: \(stack.summary)"]
            + adviceLines
    }

    /// The natural keys and which SyncSim strategies fit: the summary's
    /// lines after the `stack:` line.
    public var adviceLines: [String] { StrategyAdvice.lines(for: model) }

    /// Every line, as printed.
    public var lines: [String] {
        findings.map(\.description) + (findings.isEmpty ? [] : [""]) + summaryLines
    }

    /// The report as `simulate lint` prints it.
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
