import SyncReport
import SyncSimulation

/// Everything advise prints and writes: what was advised on, the runs,
/// and the verdict on them.
public struct AdviceReport: Sendable {
    /// What advise read and assumed, for the first lines of every output.
    public struct Subject: Sendable {
        /// `Contacts (Core Data model)`: the model as a person names it.
        public let model: String
        /// `Contact.email`: every natural key advise used.
        public let keys: [String]
        /// Devices of one user.
        public let devices: Int
        /// Lines to say before the figures: options ruled out and why,
        /// keys assumed, and anything else a reader must know.
        public let notes: [String]

        /// What advise read, with its keys, devices and notes.
        public init(model: String, keys: [String], devices: Int, notes: [String] = []) {
            self.model = model
            self.keys = keys
            self.devices = devices
            self.notes = notes
        }
    }

    /// What was advised on.
    public let subject: Subject
    /// Every run's figures.
    public let result: AdviceMatrix.Result
    /// The ranking and the recommendation.
    public let verdict: AdviceVerdict

    /// The verdict on `result`, ranked by `order`.
    public init(subject: Subject, result: AdviceMatrix.Result, order: [AdviceHarm] = AdviceHarm.defaultOrder) {
        self.subject = subject
        self.result = result
        verdict = AdviceVerdict(result.adviceOptions, liabilities: result.liabilities, order: order)
    }

    /// The same report with each workload's file at another path
    /// (``AdviceMatrix/Result/relocated(to:)``): the verdict does not
    /// depend on where the files are, so it is kept, not ranked again.
    public func relocated(to paths: [String]) -> AdviceReport {
        AdviceReport(subject: subject, result: result.relocated(to: paths), verdict: verdict)
    }

    /// The same report with `note` after the subject's notes; the verdict
    /// is kept, not ranked again.
    public func noting(_ note: String) -> AdviceReport {
        let noted = Subject(model: subject.model, keys: subject.keys, devices: subject.devices, notes: subject.notes + [note])
        return AdviceReport(subject: noted, result: result, verdict: verdict)
    }

    private init(subject: Subject, result: AdviceMatrix.Result, verdict: AdviceVerdict) {
        self.subject = subject
        self.result = result
        self.verdict = verdict
    }

    /// 1 when every option lost a write under some workload, else 0.
    public var exitStatus: Int32 { verdict.everyOptionLosesData ? 1 : 0 }

    /// Runs of one option: every workload with every seed.
    public var runsPerOption: Int { result.plan.workloads.count * result.plan.seeds.count }

    /// The harms that pick an option's worst run, in the order they are
    /// tried: the harm that ranks it below the recommendation first (the
    /// run that shows why it lost), then the ranking order; never the
    /// network cost, which every run has.
    func worstRunHarms(of option: Int) -> [AdviceHarm] {
        var harms = verdict.order.filter { $0 != .messages }
        if case .worse(let harm) = verdict.ranking.comparison(option, verdict.recommended) {
            harms.removeAll { $0 == harm }
            harms.insert(harm, at: 0)
        }
        return harms
    }

    /// The worst run of `option`: on the first of ``worstRunHarms(of:)``
    /// that any of its runs shows, the workload and seed where it was
    /// worst (the first workload on ties); with no harm at all, the first run.
    public func worstRun(of option: Int) -> (workload: Int, seed: UInt64) {
        let runs = verdict.options[option]
        for harm in worstRunHarms(of: option) {
            var best = 0
            for index in runs.habits.indices where runs.habits[index].figures[harm].worst > runs.habits[best].figures[harm].worst {
                best = index
            }
            if runs.habits[best].figures[harm].worst > 0 { return (best, runs.habits[best].figures[harm].worstSeed) }
        }
        return (0, result.plan.seeds[0])
    }

    /// The worst run of `option` under `workload` alone, chosen as
    /// ``worstRun(of:)`` chooses.
    public func worstSeed(of option: Int, workload: Int) -> UInt64 {
        let figures = verdict.options[option].habits[workload].figures
        return worstRunHarms(of: option).first { figures[$0].worst > 0 }.map { figures[$0].worstSeed } ?? result.plan.seeds[0]
    }

    /// The command that replays `option`'s worst run (``worstRun(of:)``).
    public func worstRunReplay(of option: Int) -> String {
        let worst = worstRun(of: option)
        return replay(option: option, workload: worst.workload, seed: worst.seed)
    }

    /// The command that replays `option`'s run under `workload` with `seed`.
    public func replay(option: Int, workload: Int, seed: UInt64) -> String {
        let id = result.options[option]
        return ReplayCommand("run", operand: result.plan.workloads[workload].path)
            .adding("--preset", id.preset).adding("--strategies", id.strategy).adding("--seed", "\(seed)").description
    }

    /// `CKSyncEngine with your own store (Apple's sample)`: the stack as the preset names it.
    public static func stackName(_ preset: String) -> String {
        PresetCatalog.preset(named: preset)?.stack ?? preset
    }
}
