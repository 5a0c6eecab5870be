/// Which stack syncs an app with CloudKit, read from its code and model, with
/// the `path:line` each reading rests on (issue 43): the summary's `stack:`
/// line, the `stack` object of each model in `--format json`, and what
/// `simulate advise` starts from (`LintReport.stack`, `ModelLint.stack(of:)`).
public struct SyncStack: Sendable, Equatable {
    /// A stack SyncSim models, named as its preset is (`simulate --preset`).
    public enum Preset: String, Sendable, CaseIterable {
        /// NSPersistentCloudKitContainer, and SwiftData, which syncs through it.
        case nspckc
        /// An app's own CKSyncEngine.
        case cksyncengine
        /// SQLiteData's SyncEngine.
        case sqlitedata
    }

    /// One stack the code uses.
    public struct Use: Sendable, Equatable {
        /// The stack, by its preset.
        public let preset: Preset
        /// `path:line` of what it rests on: where the app creates it, or the
        /// model's Used with CloudKit mark.
        public let evidence: String
        /// What is there, as the `stack:` line says it.
        public let what: String

        /// A stack found at `evidence`; `what` says what is there.
        public init(preset: Preset, evidence: String, what: String) {
            self.preset = preset
            self.evidence = evidence
            self.what = what
        }
    }

    /// How the reading came out.
    public enum Reading: String, Sendable {
        /// One stack syncs the app: ``preset``.
        case one
        /// Several stacks were found (``found`` lists them); no one preset
        /// stands for the app.
        case several
        /// Nothing syncs it with CloudKit as built: its entitlements, a
        /// `cloudKitDatabase: .none` store or a plain container keep it
        /// off (``reason``), whatever ``found`` lists.
        case none
        /// Lint cannot tell: a model read without its app, or an app whose
        /// code creates no container or engine lint knows (``reason``).
        case unknown
    }

    /// Every stack the code uses, one per preset, in the order of
    /// ``Preset``'s cases: with ``Reading/none`` they are what the app
    /// would sync through if it could.
    public let found: [Use]
    /// One, several, none or unknown.
    public let reading: Reading
    /// Why no single stack syncs the app (with ``Reading/none`` or
    /// ``Reading/unknown``); empty otherwise.
    public let reason: String

    /// A reading of `found`: one or several, or, with `reason`, none or unknown.
    public init(found: [Use], reading: Reading, reason: String = "") {
        self.found = found
        self.reading = reading
        self.reason = reason
    }

    /// The stack that syncs the app; nil when none does, several do, or
    /// lint cannot tell.
    public var preset: Preset? { reading == .one ? found.first?.preset : nil }

    /// `path:line` the preset rests on; nil with no preset.
    public var evidence: String? { reading == .one ? found.first?.evidence : nil }

    /// The `stack:` line after `stack: `.
    public var summary: String {
        func each(_ use: Use) -> String { "\(use.preset.rawValue) (\(use.what), \(use.evidence))" }
        switch reading {
        case .one:
            return found.first.map { "\($0.preset.rawValue): \($0.what) (\($0.evidence))" } ?? "unknown"
        case .several:
            return "several: " + found.map(each).joined(separator: " and ")
        case .none:
            return "none: \(reason)" + (found.isEmpty ? "" : "; the code would sync through " + found.map(each).joined(separator: " and "))
        case .unknown:
            return "unknown: \(reason)"
        }
    }
}
