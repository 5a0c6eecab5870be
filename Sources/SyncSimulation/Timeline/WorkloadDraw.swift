import SyncModel

/// A workload step whose operations or rows come from the run's seed: a
/// ``Scenario`` keeps it as data, and a run draws it when it starts
/// (``Scenario/drawingWorkload(seed:)``), so one parsed file serves every
/// seed (a sweep reads its file once per point, not once per seed).
///
/// Only steps small enough to draw at once are drawn at the start: a
/// `random` step that ``RandomPlan/fitsOneDraw(operations:targets:)`` and
/// an import that fits one save. Larger ones are drawn while the run goes
/// (``RandomPlan``, ``ImportPlan``), from the same streams.
public enum WorkloadDraw: Hashable, Sendable {
    /// A `random` step: each target's operations, drawn from the stream of
    /// step `stepIndex` and that target.
    case random(WorkloadGenerator.RandomSettings, targets: [ReplicaID], stepIndex: Int)
    /// An import's rows, the same on every target, drawn from the stream of
    /// step `stepIndex`; `use` says what each target does with them.
    case importRows(ImportRows, targets: [ReplicaID])

    /// An import's rows as a file asks for them (``WorkloadGenerator/importRows(entity:count:values:schema:seed:stepIndex:)``).
    public struct ImportRows: Hashable, Sendable {
        /// What each target does with the rows.
        public enum Use: Hashable, Sendable {
            /// Saves them in one transaction (`import`).
            case save
            /// `count` application writers save them at once (`import` with `writers`).
            case writers(count: Int)
            /// Saves them only if its store holds no live record of the
            /// entity (`seedIfEmpty`).
            case seedIfEmpty
        }

        /// The entity the rows are records of.
        public let entity: EntityIndex
        /// Rows in all, numbered from 1.
        public let count: Int
        /// How rows fill each field, by field index (numbered by default).
        public let values: [Int: ValueTemplate]
        /// The file's step this import is, which names its random stream.
        public let stepIndex: Int
        /// What each target does with the rows.
        public let use: Use

        /// `count` rows of `entity` for step `stepIndex`, used as `use` says.
        public init(entity: EntityIndex, count: Int, values: [Int: ValueTemplate], stepIndex: Int, use: Use) {
            self.entity = entity
            self.count = count
            self.values = values
            self.stepIndex = stepIndex
            self.use = use
        }
    }

    /// The steps it draws from `seed` at `atMicros` over `schema` (the
    /// file's: a strategy's store schema may add fields no workload
    /// writes), in the order a file lists them: target by target, each
    /// target's operations by time.
    func steps(atMicros at: Int64, schema: Schema, seed: UInt64) -> [Step] {
        switch self {
        case .random(let settings, let targets, let stepIndex):
            return targets.flatMap { target in
                WorkloadGenerator.randomSteps(settings, atMicros: at, on: target, schema: schema, seed: seed, stepIndex: stepIndex)
            }
        case .importRows(let spec, let targets):
            let rows = WorkloadGenerator.importRows(entity: spec.entity, count: spec.count, values: spec.values, schema: schema,
                                                    seed: seed, stepIndex: spec.stepIndex)
            return targets.map { target in
                switch spec.use {
                case .save: Step(atMicros: at, .intent(target, .save(rows)))
                case .writers(let count): Step(atMicros: at, .writers(target, .save(rows), count: count))
                case .seedIfEmpty: Step(atMicros: at, .seedIfEmpty(target, entity: spec.entity, rows: rows))
                }
            }
        }
    }
}
