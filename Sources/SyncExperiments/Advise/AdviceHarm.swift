/// One way a stack option hurts its users, as `simulate advise` measures
/// and ranks it (issue 32, item 4).
///
/// The cases' order is the default order of harm: data a user typed that
/// is gone weighs more than a record that vanishes for a while, which
/// weighs more than devices that disagree, and so on down to the network
/// cost. A ranking compares options on the first harm and looks at the
/// next only when the intervals leave them tied (``OptionComparison``).
/// The raw value is the harm's JSON key in advise's report, and the word
/// `--rank` accepts: one spelling everywhere.
///
/// Every harm is a count or a duration, so no value is ever below 0
/// (``HarmFigure`` relies on it).
public enum AdviceHarm: String, CaseIterable, Hashable, Sendable {
    case lostWrites
    case copiesLost
    case diverged
    case divergedSeconds
    case duplicatesPeak
    case duplicateSeconds
    case resurrected
    case dangling
    case messages

    /// The default ranking order: the declaration order, worst harm first.
    public static let defaultOrder: [AdviceHarm] = allCases

    /// The key of the harm's `{mean, low, high, worst}` object in advise's
    /// JSON, and its name in a `--rank` list.
    public var jsonName: String { rawValue }

    /// A few words for a person, written to follow "beats Y on" in a
    /// sentence ("X beats Y on lost writes") and to head a table column.
    public var label: String {
        switch self {
        case .lostWrites: "lost writes"
        case .copiesLost: "vanished records"
        case .diverged: "diverged devices"
        case .divergedSeconds: "seconds diverged"
        case .duplicatesPeak: "peak duplicates"
        case .duplicateSeconds: "duplicate-seconds"
        case .resurrected: "resurrected deletes"
        case .dangling: "dangling links"
        case .messages: "network messages"
        }
    }

    /// What one unit of the harm counts, for a legend: a figure without
    /// its unit is a misreading waiting to happen.
    public var unit: String {
        switch self {
        case .lostWrites: "writes"
        case .copiesLost: "times a device lost its only copy of a key"
        case .diverged: "devices"
        case .divergedSeconds: "seconds"
        case .duplicatesPeak: "records"
        case .duplicateSeconds: "record-seconds"
        case .resurrected: "keys"
        case .dangling: "links"
        case .messages: "messages"
        }
    }

    /// How far apart two options' intervals must lie before advise calls
    /// one better on this harm, beyond not overlapping: 1 for the harms
    /// measured in seconds, 0 for the counts.
    ///
    /// How long devices stay diverged, or duplicates stay visible, is
    /// mostly the time a device spends offline (the same for every option)
    /// plus sync delay, and the sync delay is set by each engine's timing
    /// settings (a sync round every 100 ms, network delays of 5–80 ms), not
    /// measured from CloudKit or a server: no source gives CloudKit's push
    /// and fetch latency. Two stacks a few tenths of a second apart on
    /// these harms differ in SyncSim's settings, not in what a user would
    /// see, so a difference under a second is a tie. Counts have no such
    /// margin: one duplicate is one duplicate on any stack.
    public var margin: Double {
        switch self {
        case .divergedSeconds, .duplicateSeconds: 1
        case .lostWrites, .copiesLost, .diverged, .duplicatesPeak, .resurrected, .dangling, .messages: 0
        }
    }

    /// The harm's position in ``allCases``: the index of its figure in the
    /// arrays that hold one value per harm (``HarmFigures``), which keeps
    /// dictionary order out of every output.
    var index: Int {
        guard let index = Self.allCases.firstIndex(of: self) else { preconditionFailure("\(rawValue) is a case") }
        return index
    }
}
