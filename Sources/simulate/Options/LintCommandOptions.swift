import SyncLint

/// `simulate lint MODEL...`: what a model will fail with CloudKit. (Named
/// apart from SyncLint's own ``LintOptions``, which it holds.)
struct LintCommandOptions: CommandOptions {
    var paths: [String] = []
    var format = LintFormat.text
    /// `--assume-cloudkit`, `--schema-version`.
    var lint = LintOptions()
    var junitPath: String?
    /// `--write-schema FILE`: where to write the model as a scenario.
    var schemaOut: String?
    /// `--key Entity.field[,field]`, repeatable: the schema's natural keys.
    var schemaKeys: [String] = []

    static var options: [Option<Self>] {
        [
            .format(\.format, LintFormat.allCases, "text (default), json (one document) or sarif (SARIF 2.1.0, for code scanning)"),
            .flag("--assume-cloudkit", \.lint.assumesCloudKit, "check every entity as if it synced, in a CloudKit configuration or not"),
            // `V`, not `NAME`: a longer label would widen the option column of every page past 100 columns.
            .value("--schema-version", \.lint.schemaVersion, .nonEmptyText("V", accepts: "the name of a SwiftData VersionedSchema, such as SchemaV2"),
                   "lint the SwiftData VersionedSchema named V, not the current model"),
            Option.junit(\.junitPath).described("also write JUnit XML to FILE (a suite per model, a case per error)"),
            .value("--write-schema", \.schemaOut,
                   .text("FILE", accepts: "a file to write the model's entities to, as a SyncSim scenario such as model.json5", completion: .files),
                   "also write the model as a scenario that makes duplicates (one model only)"),
            .values("--key", appendingTo: \.schemaKeys,
                    .text("ENTITY.FIELD", accepts: "ENTITY.FIELD, or ENTITY.FIELD1,FIELD2 for a compound key, such as Book.isbn"),
                    "a natural key for --write-schema (compound: E.F1,F2), one per entity"),
        ]
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .lint, operands: "MODEL...",
        summary: "what a Core Data model or SwiftData sources will fail with CloudKit",
        description: """
            Reads an app's data model, a Core Data .xcdatamodeld (its current version) or
            .xcdatamodel, or a folder of SwiftData sources, and reports as
            FILE:LINE: error|warning|note: message [rule] what NSPersistentCloudKitContainer
            refuses at launch (unique constraints, attributes neither optional nor defaulted,
            required, ordered or inverse-less relationships, the Deny delete rule), then the
            natural keys and which strategies fit the model. A folder is searched for every
            .xcdatamodeld and the @Model sources under it; several models (several paths, or a
            folder holding more than one) each get a "== PATH (KIND)" line before their report.
            Give an app's folder, not its model: its tests are left out, the entitlements its
            projects name (CODE_SIGN_ENTITLEMENTS in .xcodeproj and .xcconfig files, Tuist's
            and XcodeGen's entitlements:) are read, and its code gives the stack: line, the
            stack that syncs it (nspckc, cksyncengine, sqlitedata, several, none or unknown)
            with the FILE:LINE it rests on. A model that does not sync as written (not marked
            Used with CloudKit, a local configuration or store, a project naming no entitlements
            or none with CloudKit) gets notes for what would fail, not errors; --assume-cloudkit
            checks it as synced. Exit status 1 when an error was found in any model (warnings
            and notes alone exit 0), whatever the format. With GITHUB_ACTIONS=true in the
            environment, the text also gives each finding as
            ::error file=FILE,line=LINE,title=lint RULE::message (::warning for a warning,
            ::notice for a note), an annotation on its line. Sources: docs/sources/lint-rules.md.
            --write-schema FILE writes the model as a scenario for simulate run FILE: on each
            entity with a natural key (a unique constraint, or --key where a CloudKit model has
            none), two devices import the same 10 records offline, a third imports them late
            before its first sync, and two edit them offline. Its expect list says what that
            leaves: lww 20 duplicates per keyed entity, dedupe 0 after its pass, crdt none.
            """,
        options: options,
        example: "simulate lint MyApp --write-schema model.json5")

    func validate() throws(UsageError) {
        guard !paths.isEmpty else {
            throw UsageError(message: "simulate lint needs a model: a .xcdatamodeld or .xcdatamodel folder, or a folder of SwiftData sources")
        }
        guard schemaKeys.isEmpty || schemaOut != nil else {
            throw UsageError(message: "--key names a natural key of the scenario --write-schema FILE writes: give --write-schema too")
        }
    }

    func run() {
        LintCommand.lint(self)
    }
}
