import SyncScenarioFile

/// The settings every habit's scenario shares: how many devices the user
/// has, how long a device stays offline, and how lossy the network is
/// (`--devices`, `--offline`, `--drop`).
public struct AdviceWorkload: Sendable, Equatable {
    /// `--devices`' default: a phone, a tablet and a laptop.
    public static let defaultDeviceCount = 3
    /// `--offline`'s default: long enough for 20 sync rounds of 100 ms.
    public static let defaultOfflineMicros: Int64 = 2_000_000
    /// At least two devices: sync needs another device to reach, and
    /// every habit but seeding and import names a second device.
    /// At most what a scenario file allows.
    public static let deviceRange = 2 ... 500
    /// At least one sync round (100 ms by default): a shorter spell is not
    /// offline. At most a year, so that every step fits in `until`.
    public static let offlineRangeMicros: ClosedRange<Int64> = 100_000 ... 365 * 86_400_000_000

    /// Devices r1 … rN of one user.
    public let deviceCount: Int
    /// How long a device stays offline, or uses the app with sync off.
    public let offlineMicros: Int64
    /// The chance that the network drops a message, from 0 up to but not
    /// including 1 (a network that drops every message never syncs).
    public let dropProbability: Double

    /// The settings, each checked against its range; an error names the
    /// option and what it allows.
    public init(deviceCount: Int = defaultDeviceCount, offlineMicros: Int64 = defaultOfflineMicros,
                dropProbability: Double = 0) throws(AdviceWorkloadError) {
        guard Self.deviceRange.contains(deviceCount) else {
            throw AdviceWorkloadError(.deviceCount, option: "--devices", argument: String(deviceCount),
                "expected a number of devices from \(Self.deviceRange.lowerBound) to \(Self.deviceRange.upperBound)")
        }
        guard Self.offlineRangeMicros.contains(offlineMicros) else {
            throw AdviceWorkloadError(.offlineDuration, option: "--offline", argument: ScenarioFile.durationText(offlineMicros),
                "expected a duration from \(ScenarioFile.durationText(Self.offlineRangeMicros.lowerBound)) (one sync round) to "
                    + "\(Self.offlineRangeMicros.upperBound / 86_400_000_000)d")
        }
        guard dropProbability.isFinite, dropProbability >= 0, dropProbability < 1 else {
            throw AdviceWorkloadError(.dropProbability, option: "--drop", argument: "\(dropProbability)",
                "expected a probability from 0 up to but not including 1 (a network that drops every message never syncs)")
        }
        self.deviceCount = deviceCount
        self.offlineMicros = offlineMicros
        self.dropProbability = dropProbability
    }

    /// `r1` … `rN`, as `replicas: N` names them.
    var devices: [String] { (1 ... deviceCount).map { "r\($0)" } }

    /// The drop probability as a JSON5 number: `0`, `0.1`.
    var dropText: String { dropProbability == 0 ? "0" : "\(dropProbability)" }
}
