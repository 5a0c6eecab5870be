import SyncModel

/// A `random` step too large to draw when the run starts: more than
/// ``operationsPerWindow`` operations over all its devices. It is drawn
/// while the run goes, window after window: the step's span is cut into
/// ``windows`` equal windows, each holding its share of every device's
/// operations (drawn uniformly within the window, as a smaller step draws
/// them over its whole span), so at most about ``operationsPerWindow``
/// operations wait in memory at once whatever the step asks for.
///
/// A step that fits in one window draws from the same streams as a step
/// drawn when the run starts, so it makes the same operations; only the
/// order among events at the very same microsecond can differ (its
/// operations are scheduled when the window opens, after what is already
/// due at that instant).
public struct RandomPlan: Hashable, Sendable {
    /// The most operations, over all target devices, drawn at once.
    public static let operationsPerWindow = 10_000

    /// What each device does.
    public let settings: WorkloadGenerator.RandomSettings
    /// The devices, in the file's order.
    public let targets: [ReplicaID]
    /// When the step starts.
    public let atMicros: Int64
    /// The file's schema (a strategy's store schema may add fields that
    /// operations never write).
    let schema: Schema
    /// The file's step it is, which names its random streams.
    let stepIndex: Int

    /// A step of `settings` on every one of `targets`, starting at `atMicros`.
    public init(settings: WorkloadGenerator.RandomSettings, targets: [ReplicaID], atMicros: Int64, schema: Schema, stepIndex: Int) {
        precondition(!targets.isEmpty, "a random step needs a device")
        self.schema = schema
        self.settings = settings
        self.targets = targets
        self.atMicros = atMicros
        self.stepIndex = stepIndex
    }

    /// Whether a step this large is drawn at once when the run starts (``WorkloadDraw``).
    public static func fitsOneDraw(operations: Int, targets: Int) -> Bool {
        let (total, overflow) = operations.multipliedReportingOverflow(by: targets)
        return !overflow && total <= operationsPerWindow
    }

    /// Operations in all, over every device.
    public var totalOperations: Int { settings.operations * targets.count }

    /// How many windows the span is cut into.
    public var windows: Int {
        max(1, (totalOperations + Self.operationsPerWindow - 1) / Self.operationsPerWindow)
    }

    /// When window `window` opens (window ``windows`` is the span's end).
    /// Computed without overflow for any span and window count.
    public func startMicros(ofWindow window: Int) -> Int64 {
        let count = Int64(windows), index = Int64(window), span = settings.overMicros
        return atMicros + (span / count) * index + (span % count) * index / count
    }

    /// Window `window`'s operations on every device, from the run's
    /// `seed`, stably sorted by time. Each device's share is its operations
    /// divided evenly among the windows (the first windows take the
    /// remainder); each window draws from a stream of its own, and window 0
    /// from the stream a step drawn at once uses.
    func steps(ofWindow window: Int, seed: UInt64) -> [Step] {
        let count = windows
        let share = settings.operations / count + (window < settings.operations % count ? 1 : 0)
        guard share > 0 else { return [] }
        let start = startMicros(ofWindow: window)
        // The last window ends at the span's end, included, as a single draw's does.
        let end = window + 1 == count ? atMicros + settings.overMicros : max(start, startMicros(ofWindow: window + 1) - 1)
        var windowSettings = settings
        windowSettings.operations = share
        windowSettings.overMicros = end - start
        let firstNumber = 1 + window * (settings.operations / count) + min(window, settings.operations % count)
        let steps = targets.flatMap { target in
            let stream = "random.\(stepIndex).\(target)" + (window == 0 ? "" : ".\(window)")
            return WorkloadGenerator.randomSteps(windowSettings, atMicros: start, on: target, schema: schema,
                                                 random: Xoshiro256StarStar(seed: seed, stream: stream), firstNumber: firstNumber)
        }
        return steps.stableSorted { $0.atMicros < $1.atMicros }
    }
}
