import SyncModel

/// An import (or first-launch seed) of more rows than one save takes: the
/// app saves it in batches of ``batchRows``, one save each, one after
/// another at the step's instant, as apps save a large feed ("lower memory
/// use by batching imports": Apple's sample *Loading and Displaying a Large
/// Data Feed*, documented). Rows are made when their batch is saved, never
/// all at once, so a million-row import holds one batch in memory, and
/// each batch is one event that progress and `--max-events` see.
///
/// The rows are exactly those of ``WorkloadGenerator/importRows(entity:count:values:schema:seed:stepIndex:)``
/// in order: every target saves the same rows, from its own cursor.
public struct ImportPlan: Hashable, Sendable {
    /// Rows per save when the file does not say (`batch`). An import of at
    /// most this many rows is one save, as it always was. No source fixes
    /// the size apps use (Apple's sample batches; how many rows is the
    /// app's choice), so a file can set it; 100 keeps every event small
    /// enough that `--max-events` bounds a run's time: at a few µs per
    /// record, 1,000 events of 100 rows take about a second.
    public static let defaultBatchRows = 100
    /// The most rows a file may ask one save to take: what bounds one event.
    public static let maxBatchRows = 10_000

    /// The entity the rows are records of.
    public let entity: EntityIndex
    /// Rows in all, numbered from 1.
    public let count: Int
    /// Per field, in the file's schema's field order, how rows fill it
    /// (numbered by default). Kept here because a strategy's store schema
    /// may add fields (`dedupe:deferred`'s mark) that an import never writes.
    public let templates: [ValueTemplate]
    /// Rows per save.
    public let batchRows: Int
    /// First-launch seeding (`seedIfEmpty`): the whole plan is skipped if,
    /// when its first batch is due, the store holds a live record of
    /// ``entity``.
    public let onlyIfEmpty: Bool
    /// The file's step it is, which names its random stream.
    let stepIndex: Int

    /// A plan of `count` rows of `entity` of `schema`, saved `batchRows` at a time.
    public init(entity: EntityIndex, count: Int, values: [Int: ValueTemplate], schema: Schema, batchRows: Int, onlyIfEmpty: Bool,
                stepIndex: Int) {
        precondition(count >= 1 && batchRows >= 1, "an import needs rows and a batch size")
        self.entity = entity
        self.count = count
        let fields = schema[entity].fields
        templates = fields.indices.map { values[$0] ?? .numbered(fields[$0]) }
        self.batchRows = batchRows
        self.onlyIfEmpty = onlyIfEmpty
        self.stepIndex = stepIndex
    }

    /// Saves in all: the last may be short.
    public var batches: Int { (count + batchRows - 1) / batchRows }

    /// Where the next batch starts: the next row's number and the random
    /// stream as the previous rows left it.
    public struct Cursor: Sendable {
        var nextNumber: Int
        var random: Xoshiro256StarStar
    }

    /// The cursor of the first batch, for a run with `seed`.
    package func start(seed: UInt64) -> Cursor {
        Cursor(nextNumber: 1, random: Xoshiro256StarStar(seed: seed, stream: "import.\(stepIndex)"))
    }

    /// The next batch's rows; nil when every row has been made.
    package func nextBatch(_ cursor: inout Cursor) -> [Row]? {
        guard cursor.nextNumber <= count else { return nil }
        let last = min(count, cursor.nextNumber + batchRows - 1)
        let templates = self.templates.map(ValueTemplate.Prepared.init)
        let rows = (cursor.nextNumber ... last).map { number in
            // Field by field in field order, as `row` draws: the same values.
            Row(entity: entity, writes: templates.indices.map { field in
                FieldWrite(field: field, value: templates[field].value(number: number, count: count, random: &cursor.random))
            })
        }
        cursor.nextNumber = last + 1
        return rows
    }
}
