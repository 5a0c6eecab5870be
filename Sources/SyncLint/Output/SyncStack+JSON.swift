import SyncReport

extension SyncStack {
    /// The `stack` of a model in `simulate lint --format json`
    /// (docs/report-schema.json, `lintStack`): `preset` and `evidence` are
    /// null unless one stack syncs the app; `reading` says why not
    /// (`several`, `none`, `unknown`); `found` lists every stack the code
    /// uses, so several are named there, each with its evidence.
    func json() -> JSONValue {
        .object([
            .init("preset", preset.map { .string($0.rawValue) } ?? .null),
            .init("evidence", evidence.map(JSONValue.string) ?? .null),
            .init("reading", .string(reading.rawValue)),
            .init("found", .array(found.map { use in
                .object([
                    .init("preset", .string(use.preset.rawValue)),
                    .init("evidence", .string(use.evidence)),
                    .init("what", .string(use.what)),
                ])
            })),
            .init("summary", .string(summary)),
        ])
    }
}
