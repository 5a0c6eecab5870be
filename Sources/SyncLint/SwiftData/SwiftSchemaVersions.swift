/// Which `@Model` classes of a SwiftData app to lint: those of the schema
/// version it ships.
///
/// Apps that migrate declare each version's classes inside
/// `enum SchemaVN: VersionedSchema` (or an extension of it), or each class
/// in a namespace of its own that a typealias names. The current version is,
/// in order: the one `--schema-version` names; the last of a
/// `SchemaMigrationPlan`'s `schemas` (the plan migrates to it); the version
/// the file-level typealiases all point into; the highest
/// `versionIdentifier`. Its classes are those its `models` list names
/// (each resolved as Swift would: `A.X` in A, a typealias, a class nested in
/// the version, a file-level class), or, without a list, those nested in
/// it; file-level classes it does not redeclare are linted too, and every
/// class these reach through relationships, as SwiftData builds the
/// schema (``SwiftSchemaReach``). The choice is printed as a note, with how
/// it was made.
enum SwiftSchemaVersions {
    struct Choice {
        let classes: [ScannedModelClass]
        let note: Finding
        /// Entries of the version's `models` list that name no class read.
        let unresolved: [String]
    }

    /// Nil when no `@Model` class is inside a type (nothing to choose).
    static func choose(classes: [ScannedModelClass], facts: ScannedSchemaFacts, requested: String?,
                       root: String) throws(LintInputError) -> Choice? {
        var nested: [String] = []
        for container in classes.compactMap(\.container) where !nested.contains(container) { nested.append(container) }
        guard !nested.isEmpty else {
            if let requested { throw LintInputError(file: root, "--schema-version \(requested): no @Model class is declared inside a VersionedSchema here") }
            return nil
        }
        var known = facts.versionedSchemas
        for name in nested where !known.contains(name) && facts.versionedSchemas.isEmpty { known.append(name) }
        let location = classes.first { $0.container != nil }!.location

        let (version, how, guessed): (String?, String, Bool) = try { () throws(LintInputError) -> (String?, String, Bool) in
            if let requested {
                guard known.contains(requested) else {
                    throw LintInputError(file: root, "--schema-version \(requested): no such version; the versioned schemas here are "
                        + known.joined(separator: ", "))
                }
                return (requested, "as --schema-version asks", false)
            }
            if let plan = facts.migrationPlans.last(where: { $0.schemas.last != nil }), let last = plan.schemas.last {
                return (last, "the last schema of \(plan.name)'s migration plan (\(plan.location))", false)
            }
            let aliased = facts.typealiases.compactMap { alias -> (String, SourceLocation)? in
                guard alias.target.count >= 2 else { return nil }
                let container = alias.target[alias.target.count - 2]
                return known.contains(container) ? (container, alias.location) : nil
            }
            if let (aliasedVersion, aliasLocation) = aliased.last, aliased.allSatisfy({ $0.0 == aliasedVersion }) {
                return (aliasedVersion, "the version the app's typealiases name (\(aliasLocation))", false)
            }
            if let highest = facts.versionIdentifiers.filter({ known.contains($0.schema) })
                .max(by: { $0.version.lexicographicallyPrecedes($1.version) }) {
                return (highest.schema, "the highest versionIdentifier (\(highest.version.map(String.init).joined(separator: ".")))", false)
            }
            guard let lastByName = known.sorted().last else { return (nil, "the classes the file-level typealiases name", false) }
            if known.count == 1 { return (lastByName, "the only version here", false) }
            return (lastByName, "the last by name: several versions declare @Model classes and nothing says which is current "
                + "(no migration plan, typealias or versionIdentifier simulate lint reads)", true)
        }()

        var selected: [ScannedModelClass] = []
        var unresolved: [String] = []
        func add(_ modelClass: ScannedModelClass) {
            if !selected.contains(where: { $0.name == modelClass.name && $0.container == modelClass.container }) { selected.append(modelClass) }
        }
        func named(_ name: String, in container: String?) -> ScannedModelClass? {
            classes.first { $0.name == name && $0.container == container }
        }
        let list = version.flatMap { version in facts.schemaModels.last { $0.schema == version }?.models }
        if let list {
            for path in list {
                guard let name = path.last else { continue }
                let resolved: ScannedModelClass? = if path.count >= 2 {
                    named(name, in: path[path.count - 2])
                } else if let nestedClass = named(name, in: version) {
                    nestedClass
                } else if let alias = facts.typealiases.last(where: { $0.name == name }), alias.target.count >= 2, let target = alias.target.last {
                    named(target, in: alias.target[alias.target.count - 2])
                } else {
                    named(name, in: nil)
                }
                if let resolved { add(resolved) } else { unresolved.append(path.joined(separator: ".")) }
            }
        } else if let version {
            classes.filter { $0.container == version }.forEach(add)
        } else {
            for alias in facts.typealiases where alias.target.count >= 2 {
                if let target = alias.target.last, let aliased = named(target, in: alias.target[alias.target.count - 2]) { add(aliased) }
            }
        }
        // File-level classes the version does not redeclare.
        for modelClass in classes where modelClass.container == nil && !selected.contains(where: { $0.name == modelClass.name }) {
            add(modelClass)
        }
        // A models list of four classes, one relating to a fifth: the
        // store holds five.
        SwiftSchemaReach.classes(reachedFrom: selected, among: classes, typealiases: facts.typealiases).forEach(add)
        var skipped: [String] = []
        for modelClass in classes where modelClass.container != nil && !selected.contains(where: {
            $0.name == modelClass.name && $0.container == modelClass.container
        }) {
            if let container = modelClass.container, !skipped.contains(container) { skipped.append(container) }
        }
        let subject = version.map { "the @Model classes of \($0)" } ?? "the @Model classes the file-level typealiases name"
        let source = list == nil ? "" : " (its models list)"
        let older = skipped.isEmpty ? "" : "; the classes nested in \(skipped.joined(separator: ", ")) are not checked"
        let first = selected.first { $0.container != nil }?.location ?? location
        let note = Finding(.schemaVersion, at: first,
                           "linting \(subject)\(source), \(how)\(older); --schema-version NAME lints another",
                           severity: guessed ? .warning : nil)
        // In the order the sources declare them.
        let ordered = classes.filter { modelClass in selected.contains { $0.name == modelClass.name && $0.container == modelClass.container } }
        return Choice(classes: ordered, note: note, unresolved: unresolved)
    }
}
