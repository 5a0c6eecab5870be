/// Which `VersionedSchema` of a SwiftData app to lint: the one it ships.
///
/// Apps that migrate declare each version's `@Model` classes inside
/// `enum SchemaVN: VersionedSchema` (or an extension of it). The current
/// one is, in order: the one `--schema-version` names; the last of a
/// `SchemaMigrationPlan`'s `schemas` (the plan migrates to it); the one
/// the file-level `typealias Note = SchemaV2.Note` names (the app's code
/// uses it); the highest `versionIdentifier`. The choice is printed as a
/// note, with how it was made.
enum SwiftSchemaVersions {
    struct Choice {
        let version: String
        let note: Finding
    }

    /// Nil when no `@Model` class is inside a type (nothing to choose).
    /// `version` nil in the choice: the file-level classes are current
    /// (the current schema's `models` name them; older versions keep their
    /// own copies nested).
    static func choose(classes: [ScannedModelClass], facts: ScannedSchemaFacts, requested: String?,
                       root: String) throws(LintInputError) -> Choice? {
        var nested: [String] = []
        for container in classes.compactMap(\.container) where !nested.contains(container) { nested.append(container) }
        guard !nested.isEmpty else {
            if let requested { throw LintInputError(file: root, "--schema-version \(requested): no @Model class is declared inside a VersionedSchema here") }
            return nil
        }
        var known = facts.versionedSchemas
        for name in nested where !known.contains(name) { known.append(name) }
        let hasFileLevel = classes.contains { $0.container == nil }
        let location = classes.first { $0.container != nil }!.location
        func choice(_ version: String, _ how: String, severity: Finding.Severity? = nil) -> Choice {
            let others = nested.filter { $0 != version }
            let older = others.isEmpty ? "" : "; the models nested in \(others.joined(separator: ", ")) are not checked"
            let linted = nested.contains(version)
                ? "linting the @Model classes of \(version)" + (hasFileLevel ? " and those at file level" : "")
                : "linting the file-level @Model classes as \(version)"
            let first = classes.first { $0.container == version }?.location ?? location
            return Choice(version: version, note: Finding(.schemaVersion, at: first,
                "\(linted), \(how)\(older); --schema-version NAME lints another", severity: severity))
        }
        if let requested {
            guard known.contains(requested) else {
                throw LintInputError(file: root, "--schema-version \(requested): no such version; the versioned schemas here are "
                    + known.joined(separator: ", "))
            }
            return choice(requested, "as --schema-version asks")
        }
        if let plan = facts.migrationPlans.last(where: { $0.schemas.last != nil }) {
            return choice(plan.schemas.last!, "the last schema of \(plan.name)'s migration plan (\(plan.location))")
        }
        let aliased = facts.typealiases.compactMap { alias -> (String, SourceLocation)? in
            guard alias.target.count >= 2 else { return nil }
            let container = alias.target[alias.target.count - 2]
            return nested.contains(container) ? (container, alias.location) : nil
        }
        if let (version, aliasLocation) = aliased.last, aliased.allSatisfy({ $0.0 == version }) {
            return choice(version, "the version the app's typealiases name (\(aliasLocation))")
        }
        if let highest = facts.versionIdentifiers.filter({ known.contains($0.schema) })
            .max(by: { $0.version.lexicographicallyPrecedes($1.version) }) {
            return choice(highest.schema, "the highest versionIdentifier (\(highest.version.map(String.init).joined(separator: ".")))")
        }
        if nested.count == 1 && !hasFileLevel {
            return choice(nested[0], "the only version here")
        }
        let last = known.sorted().last!
        return choice(last, "the last by name: several versions declare @Model classes (\(nested.joined(separator: ", "))) and nothing "
            + "says which is current (no migration plan, typealias or versionIdentifier simulate lint reads)", severity: .warning)
    }
}
