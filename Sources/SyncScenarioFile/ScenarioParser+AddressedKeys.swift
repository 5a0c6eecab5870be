import SyncModel
import SyncSimulation

/// The check that an update, delete or link names a key some earlier step
/// creates, and the keys a file's steps create, which value expectations
/// read too.
extension ScenarioParser {
    /// An update, delete or link of a key that no step before it creates
    /// (an import, a create, a seed, a writer's save) can only miss: no
    /// replica can hold such a record, so it is an error here rather than a
    /// silent no-op at run time. (A key created and deleted again is not
    /// known here; at run time such an intent is counted as a miss.)
    func checkAddressedKeysAreCreated(_ steps: [(Step, Node)]) throws(ScenarioFileError) {
        let intents = steps.map { intent(of: $0.0) }
        // Without a step that addresses a key there is nothing to check, and
        // a million-row import need not be hashed key by key.
        guard intents.contains(where: { if case .save = $0 { false } else { $0 != nil } }) else { return }
        var created = CreatedKeys()
        for ((step, source), intent) in zip(steps, intents) {
            if created.isUnknown { return }
            switch intent {
            case .save(let rows)?:
                insertKeys(of: rows, into: &created.keys)
            case .update(let key, _)?, .delete(let key)?:
                try requireCreated(key, created.keys, source)
            case .link(let key, _, let target)?:
                try requireCreated(key, created.keys, source)
                try requireCreated(target, created.keys, source)
            case nil:
                insertKeys(ofPlanIn: step, into: &created)
            }
        }
    }

    /// The keys steps create, as far as the file tells: a `random` step
    /// that creates may create any key of its pool, and an import whose
    /// unique key takes values drawn from a list any of them; the seed of
    /// a run draws those, not the file (``isUnknown``).
    struct CreatedKeys {
        var keys: Set<NaturalKey> = []
        var isUnknown = false
        /// Plans already read (one per import step, shared by its targets).
        var plansRead: Set<ImportPlan> = []
    }

    /// Every key some step saves a record of (an import, a create, a seed,
    /// a writer's save, a random create), by every unique key; nil when a
    /// step drawn only while the run goes may create keys (``CreatedKeys``).
    func keysCreated(by steps: [Step]) -> Set<NaturalKey>? {
        var created = CreatedKeys()
        for step in steps {
            if case .save(let rows)? = intent(of: step) { insertKeys(of: rows, into: &created.keys) }
            insertKeys(ofPlanIn: step, into: &created)
        }
        return created.isUnknown ? nil : created.keys
    }

    /// The keys an import makes (an import in batches row by row, one
    /// batch at a time), or, for an import whose keys a run's seed draws
    /// or a random step that creates, unknown.
    private func insertKeys(ofPlanIn step: Step, into created: inout CreatedKeys) {
        switch step.action {
        case .importInBatches(_, let plan):
            guard created.plansRead.insert(plan).inserted else { return }
            guard !drawsKeys(plan.entity, plan.templates.enumerated().map { ($0.offset, $0.element) }) else {
                created.isUnknown = true
                return
            }
            // Keys come from patterns only, so any seed makes the same ones.
            var cursor = plan.start(seed: 0)
            while let rows = plan.nextBatch(&cursor) { insertKeys(of: rows, into: &created.keys) }
        case .drawn(.importRows(let spec, _)):
            guard !drawsKeys(spec.entity, spec.values.map { ($0.key, $0.value) }) else {
                created.isUnknown = true
                return
            }
            insertKeys(of: WorkloadGenerator.importRows(entity: spec.entity, count: spec.count, values: spec.values, schema: schema,
                                                        seed: 0, stepIndex: spec.stepIndex), into: &created.keys)
        case .randomInWindows(let plan):
            if (plan.settings.mix[.create] ?? 0) > 0 { created.isUnknown = true }
        case .drawn(.random(let settings, _, _)):
            if (settings.mix[.create] ?? 0) > 0 { created.isUnknown = true }
        default:
            break
        }
    }

    /// Whether a field of one of `entity`'s unique keys takes values drawn
    /// from a list (`templates`, by field index): then the run's seed, not
    /// the file, says which keys the rows have.
    private func drawsKeys(_ entity: EntityIndex, _ templates: [(field: Int, template: ValueTemplate)]) -> Bool {
        let keyFields = Set(schema[entity].uniqueKeys.joined())
        return templates.contains { field, template in
            guard keyFields.contains(field), case .choices = template else { return false }
            return true
        }
    }

    /// Every key of every unique key of `rows`.
    private func insertKeys(of rows: [Row], into created: inout Set<NaturalKey>) {
        for row in rows {
            for uniqueKey in schema[row.entity].uniqueKeys.indices.map({ UniqueKeyID(entity: row.entity, key: $0) }) {
                if let key = row.naturalKey(uniqueKey, schema: schema) { created.insert(key) }
            }
        }
    }

    private func intent(of step: Step) -> Intent? {
        switch step.action {
        case .intent(_, let intent), .writers(_, let intent, _): return intent
        case .seedIfEmpty(_, _, let rows): return .save(rows)
        default: return nil
        }
    }

    private func requireCreated(_ key: NaturalKey, _ created: Set<NaturalKey>, _ source: Node) throws(ScenarioFileError) {
        guard !created.contains(key) else { return }
        throw source.error("no step before this one creates \(keyText(key)): no replica can hold that record, so this would do nothing; create it first (import, create) or remove the step")
    }
}
