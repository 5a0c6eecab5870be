import SyncModel

/// What a run asks of the machine, estimated from the scenario before it
/// runs: the records every device ends up keeping, the random operations
/// and their sync traffic, the fault ticks a nemesis forces, and the memory
/// the records need. Each value of a file is bounded on its own; this
/// bounds their product, so that `run`, `check`, `sweep` and `explore`
/// refuse in a second what would run for hours or exhaust the machine
/// (``WorkBudget``; `--allow-large` runs it anyway).
///
/// An estimate, not a measurement: records are counted as a strategy keeps
/// them (a strategy that enforces uniqueness or merges records by key
/// keeps one record per key; the others keep every device's copy, so
/// a key imported on N devices is N records on every device), and priced
/// at ``bytesPerRecordCopy``.
public struct WorkEstimate: Hashable, Sendable {
    /// Peak resident bytes per record per device, measured on the memory
    /// store (`simulate benchmark`: 407–516 B per record per replica peak
    /// resident, issue 31's measurement), rounded up.
    public static let bytesPerRecordCopy = 520.0
    /// A fault tick's work, in records applied: a tick that heals or
    /// partitions touches no record. 50 million ticks ran in 15–18 s per
    /// strategy (release build, nemesis every 1 µs), a record applied costs
    /// 1–9 µs: a tick is about a tenth of one.
    static let tickCost = 0.1

    /// Records every device together keeps, under the strategy that keeps
    /// the most (at most what a memory ceiling lets a run reach).
    public var recordCopies: Double = 0
    /// The same before any limit caps it: what the message names.
    public var askedRecordCopies: Double = 0
    /// Random operations and their applications on every device, fault
    /// ticks and record applications: events' worth of work, over every
    /// strategy run.
    public var work: Double = 0
    /// Resident bytes the largest run needs at once (runs of one scenario
    /// run one after another; a sweep's jobs run ``parallelRuns`` at once).
    public var bytes: Double = 0
    /// Runs holding memory at once (``repeated(_:parallel:)``).
    public var parallelRuns = 1
    /// The term that dominates the memory, in words, such as `500 devices
    /// × 1,000,000 imported User records, each kept on 500 devices`.
    public var largestTerm = ""
    /// The term that dominates the work, in words.
    public var longestTerm = ""

    /// An estimate of nothing.
    public init() {}

    /// The estimate of running `scenario` once under each of `strategies`.
    public init(scenario: Scenario, strategies: [any Strategy]) {
        let holders = Double(scenario.replicaCount + (scenario.server == nil ? 0 : 1))
        // Per save step of the file (its targets share one row list or
        // plan): rows, and how many devices save them.
        var saves: [(rows: Int, targets: Int, words: String)] = []
        var plans: [ImportPlan: Int] = [:]
        var operations = Tally(), ticks = Tally()
        for step in scenario.steps {
            let entity: (EntityIndex) -> String = { scenario.schema[$0].name }
            switch step.action {
            case .intent(_, .save(let rows)), .seedIfEmpty(_, _, let rows):
                saves.append((rows.count, 1, "\(GroupedDigits.text(rows.count)) saved \(rows.first.map { entity($0.entity) } ?? "") records"))
            case .writers(_, .save(let rows), let count):
                saves.append((rows.count * count, 1, "\(count) writers × \(GroupedDigits.text(rows.count)) records"))
            case .importInBatches(_, let plan):
                if let index = plans[plan] {
                    saves[index].targets += 1
                } else {
                    plans[plan] = saves.count
                    saves.append((plan.count, 1, "\(GroupedDigits.text(plan.count)) imported \(entity(plan.entity)) records"))
                }
            case .drawn(.importRows(let spec, let targets)):
                // Drawn at the start as one save per target, as the steps it draws.
                let save: (rows: Int, targets: Int, words: String)
                if case .writers(let count) = spec.use {
                    save = (spec.count * count, 1, "\(count) writers × \(GroupedDigits.text(spec.count)) records")
                } else {
                    save = (spec.count, 1, "\(GroupedDigits.text(spec.count)) saved \(entity(spec.entity)) records")
                }
                saves += Array(repeating: save, count: targets.count)
            case .drawn(.random(let settings, let targets, _)):
                let total = Double(settings.operations) * Double(targets.count)
                operations.add(total, "\(targets.count) devices × \(GroupedDigits.text(settings.operations)) random operations")
                saves.append((min(settings.operations, settings.keys), targets.count,
                              "\(GroupedDigits.text(settings.keys)) random \(entity(settings.entity)) keys"))
            case .randomInWindows(let plan):
                let total = Double(plan.settings.operations) * Double(plan.targets.count)
                operations.add(total, "\(plan.targets.count) devices × \(GroupedDigits.text(plan.settings.operations)) random operations")
                saves.append((min(plan.settings.operations, plan.settings.keys), plan.targets.count,
                              "\(GroupedDigits.text(plan.settings.keys)) random \(entity(plan.settings.entity)) keys"))
            case .intent:
                operations.add(1, "steps")
            case .nemesis(let settings):
                var count = Double(settings.untilMicros - step.atMicros) / Double(settings.everyMicros)
                if let limit = scenario.maxEvents { count = min(count, Double(limit)) }
                ticks.add(count, "a nemesis every \(DurationText.text(settings.everyMicros)) until \(DurationText.text(settings.untilMicros)) "
                    + "= \(Self.count(count)) fault ticks")
            default:
                break
            }
        }
        // A strategy that keeps one record per key keeps each save's rows
        // once on every device; the others keep every device's own copy of
        // them on every device. (Small saves repeated per target count once
        // per target: an estimate that errs high, and small.)
        let merged = saves.reduce(0.0) { $0 + Double($1.rows) } * holders
        let copied = saves.reduce(0.0) { $0 + Double($1.rows) * Double($1.targets) } * holders
        let largestSave = saves.max { Double($0.rows) * Double($0.targets) < Double($1.rows) * Double($1.targets) }
        var runsWork = 0.0, largest = 0.0, largestMerges = false, asked = 0.0
        for strategy in strategies {
            let merges = strategy.enforcesUniqueness || strategy.syncsRecordsAsCRDTs
            var copies = merges ? merged : copied
            if copies > asked { (asked, largestMerges) = (copies, merges) }
            // Every operation's change reaches every device.
            var work = copies + operations.total * holders + ticks.total * Self.tickCost
            if let limit = scenario.maxEvents {
                // An event saves or applies at most one import batch.
                work = min(work, Double(limit) * Double(ImportPlan.maxBatchRows))
                copies = min(copies, Double(limit) * Double(ImportPlan.maxBatchRows))
            }
            if let ceiling = scenario.maxMemoryBytes {
                // The run stops at the ceiling (`--max-memory`), with what it holds by then.
                copies = min(copies, Double(ceiling) / Self.bytesPerRecordCopy)
                work = min(work, copies + operations.total * holders + ticks.total * Self.tickCost)
            }
            runsWork += work
            largest = max(largest, copies)
        }
        recordCopies = largest
        askedRecordCopies = asked
        work = runsWork
        bytes = largest * Self.bytesPerRecordCopy
        if let save = largestSave {
            largestTerm = (largestMerges || save.targets == 1 ? save.words : "\(save.targets) devices × \(save.words)")
                + ", each kept on \(Int(holders)) " + (holders == 1 ? "device" : "devices")
        }
        let operationWork = operations.total * holders
        longestTerm = ticks.total * Self.tickCost > max(operationWork, largest) ? ticks.largest
            : operationWork > largest ? operations.largest + ", each reaching \(Int(holders)) devices" : largestTerm
    }

    /// Sums terms and remembers the largest, for the message.
    private struct Tally {
        var total = 0.0
        var largest = ""
        private var largestValue = 0.0

        mutating func add(_ value: Double, _ words: String) {
            total += value
            if value > largestValue && !words.isEmpty {
                largestValue = value
                largest = words
            }
        }
    }

    /// `5×10^8` for large counts, grouped digits below a million.
    static func count(_ value: Double) -> String {
        guard value >= 1_000_000 else { return GroupedDigits.text(Int(value.rounded())) }
        var exponent = 0, mantissa = value
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        let tenths = Int((mantissa * 10).rounded())
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + "×10^\(exponent)"
    }

    /// The same estimate for `runs` runs (a sweep's points, explore's
    /// seeds), `parallel` of them at once: their work adds up, and the
    /// memory of those running together.
    public func repeated(_ runs: Int, parallel: Int) -> WorkEstimate {
        var estimate = self
        estimate.work = work * Double(runs)
        estimate.parallelRuns = max(1, min(parallel, runs))
        estimate.bytes = bytes * Double(estimate.parallelRuns)
        return estimate
    }

    /// Why the budget refuses this run, in one line naming the product
    /// that is too large; nil when it fits.
    public func refusal(_ budget: WorkBudget) -> String? {
        if bytes > budget.bytes {
            // The product as asked, before a memory ceiling capped it.
            let asked = askedRecordCopies * Self.bytesPerRecordCopy * Double(parallelRuns)
            return "\(largestTerm) = \(Self.count(askedRecordCopies)) records, about \(ByteCountText.text(asked)) "
                + "(the budget is \(ByteCountText.text(budget.bytes))); --allow-large runs it anyway"
        }
        if work > budget.work {
            return "\(longestTerm): about \(Self.count(work)) events' worth of work, hours on a 2-core machine "
                + "(the budget is \(Self.count(budget.work))); lower it, cut it with --max-events N, or --allow-large runs it anyway"
        }
        return nil
    }
}

/// How much work and memory a command runs without `--allow-large`: what
/// a 2-core, 8 GiB machine finishes in minutes.
public struct WorkBudget: Hashable, Sendable {
    /// Estimated resident bytes at once.
    public var bytes: Double
    /// Estimated events' worth of work over every run.
    public var work: Double

    /// A budget of `bytes` and `work`.
    public init(bytes: Double, work: Double) {
        self.bytes = bytes
        self.work = work
    }

    /// The default: 2 GiB and 2×10^8 events' worth of work (a record
    /// applied or an operation made costs about 1–9 µs in a release
    /// build: at most about half an hour on one core, usually minutes).
    public static let standard = WorkBudget(bytes: 2 * 0x1p30, work: 2e8)
}
