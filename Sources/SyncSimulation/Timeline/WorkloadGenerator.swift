import SyncModel

/// Expands the compact workload steps of a scenario (`import`, `random`)
/// into plain intents, from the run's seed. The built-in default scenario
/// and scenario files use the same code, so they give the same intents.
///
/// Each expansion draws from its own stream, named after the step's index
/// (and the target replica), so editing one step never shifts another's.
public enum WorkloadGenerator {
    /// The identical server response every target imports: `count` rows
    /// numbered from 1. Fields without a template are numbered (`city-007`).
    public static func importRows(entity: EntityIndex, count: Int, values: [Int: ValueTemplate],
                                  schema: Schema, seed: UInt64, stepIndex: Int) -> [Row] {
        let plan = ImportPlan(entity: entity, count: count, values: values, schema: schema, batchRows: count, onlyIfEmpty: false,
                              stepIndex: stepIndex)
        var cursor = plan.start(seed: seed)
        return plan.nextBatch(&cursor) ?? []
    }

    /// One random operation's kind.
    public enum OperationKind: String, CaseIterable, Sendable {
        case create, update, delete
    }

    /// The settings of a `random` step.
    public struct RandomSettings: Hashable, Sendable {
        /// The entity the operations address.
        public var entity: EntityIndex
        /// Operations per target replica.
        public var operations: Int
        /// Size of the key pool: keys are numbered 1 … keys, as an import of
        /// that many rows numbers them.
        public var keys: Int
        /// Operations fall uniformly in `[at, at + overMicros]`.
        public var overMicros: Int64
        /// Relative weights of create, update and delete.
        public var mix: [OperationKind: Int]
        /// Value templates, by field index.
        public var values: [Int: ValueTemplate]

        /// Settings of a step; the counts and span must not be negative, there must be a key, and the mix needs a
        /// positive weight.
        public init(entity: EntityIndex, operations: Int, keys: Int, overMicros: Int64,
                    mix: [OperationKind: Int], values: [Int: ValueTemplate]) {
            precondition(operations >= 0 && keys >= 1 && overMicros >= 0, "bad random settings")
            precondition(mix.values.contains { $0 > 0 } && mix.values.allSatisfy { $0 >= 0 }, "mix needs a positive weight")
            self.entity = entity
            self.operations = operations
            self.keys = keys
            self.overMicros = overMicros
            self.mix = mix
            self.values = values
        }
    }

    /// A replica's random operations, timed and sorted (stably) by time.
    /// An update writes one random non-key field with a value no other write
    /// uses (`Oslo (r3 #17)`), so a lost write is never mistaken for a kept one.
    public static func randomSteps(_ settings: RandomSettings, atMicros start: Int64, on replica: ReplicaID,
                                   schema: Schema, seed: UInt64, stepIndex: Int) -> [Step] {
        randomSteps(settings, atMicros: start, on: replica, schema: schema,
                    random: Xoshiro256StarStar(seed: seed, stream: "random.\(stepIndex).\(replica)"), firstNumber: 1)
    }

    /// The same, from a given stream, numbering operations from
    /// `firstNumber` (a window of a ``RandomPlan`` continues the numbers).
    static func randomSteps(_ settings: RandomSettings, atMicros start: Int64, on replica: ReplicaID,
                            schema: Schema, random: Xoshiro256StarStar, firstNumber: Int) -> [Step] {
        var random = random
        guard settings.operations > 0 else { return [] }
        let entity = schema[settings.entity]
        let writable = entity.fields.indices.filter { !entity.isKeyField($0) }
        let kinds = OperationKind.allCases.filter { (settings.mix[$0] ?? 0) > 0 }
        let totalWeight = kinds.reduce(0) { $0 + settings.mix[$1]! }
        var steps: [Step] = []
        for number in firstNumber ..< firstNumber + settings.operations {
            let at = start + random.next(in: 0 ... settings.overMicros)
            var draw = random.index(below: totalWeight)
            let kind = kinds.first { kind in
                draw -= settings.mix[kind]!
                return draw < 0
            }!
            let keyNumber = 1 + random.index(below: settings.keys)
            let template = row(entity: settings.entity, number: keyNumber, count: settings.keys,
                               values: settings.values, schema: schema, random: &random)
            let intent: Intent
            switch kind {
            case .create:
                intent = .save([template])
            case .update:
                guard let key = template.identityKey(schema: schema), !writable.isEmpty else { continue }
                let field = writable[random.index(below: writable.count)]
                let base = template.writes.first { $0.field == field }?.value?.description ?? entity.fields[field]
                let value = FieldValue.string("\(base) (\(replica) #\(number))")
                intent = .update(key: key, writes: [FieldWrite(field: field, value: value)])
            case .delete:
                guard let key = template.identityKey(schema: schema) else { continue }
                intent = .delete(key: key)
            }
            steps.append(Step(atMicros: at, .intent(replica, intent)))
        }
        return steps.stableSorted { $0.atMicros < $1.atMicros }
    }

    /// Row `number` of `count`: key fields from their templates (numbered by
    /// default), other fields from theirs (numbered by default).
    static func row(entity: EntityIndex, number: Int, count: Int, values: [Int: ValueTemplate],
                    schema: Schema, random: inout Xoshiro256StarStar) -> Row {
        let fields = schema[entity].fields
        let writes = fields.indices.map { field in
            let template = values[field] ?? .numbered(fields[field])
            return FieldWrite(field: field, value: template.value(number: number, count: count, random: &random))
        }
        return Row(entity: entity, writes: writes)
    }
}
