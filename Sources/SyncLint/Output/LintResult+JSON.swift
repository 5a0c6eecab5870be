import SyncReport

extension LintResult {
    /// What `simulate lint --format json` prints: the envelope every
    /// SyncSim document has, then a model per report and the exit status.
    /// Keys in a fixed order; docs/report-schema.json describes it as
    /// `lintOutput`.
    public func json() -> JSONValue {
        .document(command: "lint", [
            .init("models", .array(reports.map { $0.json() })),
            .init("exitStatus", .int(Int(exitStatus))),
        ])
    }
}

extension LintReport {
    /// One model: what the text's summary says, as fields, and every
    /// finding.
    func json() -> JSONValue {
        .object([
            .init("path", .string(path)),
            .init("kind", .string(model.kind.jsonName)),
            .init("name", .string(model.name)),
            .init("entities", .int(model.entities.count)),
            .init("notSynced", .int(notSyncedCount)),
            .init("verdict", .string(verdict.rawValue)),
            .init("cloudKit", .string(syncLine)),
            .init("stack", stack.json()),
            .init("exitStatus", .int(Int(exitStatus))),
            .init("findings", .array(findings.map { $0.json() })),
            .init("advice", .array(adviceLines.map(JSONValue.string))),
        ])
    }
}

extension Finding {
    func json() -> JSONValue {
        .object([
            .init("file", .string(location.file)),
            .init("line", .int(location.line)),
            .init("severity", .string(severity.rawValue)),
            .init("rule", .string(rule.rawValue)),
            .init("message", .string(message)),
        ])
    }
}

extension DataModel.Kind {
    /// The kind as a JSON value: an identifier, where the text prints a
    /// phrase (`Core Data model`).
    var jsonName: String {
        switch self {
        case .coreData: "coreData"
        case .swiftData: "swiftData"
        case .scenario: "scenario"
        }
    }
}
