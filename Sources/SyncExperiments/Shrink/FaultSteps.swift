import Foundation
import SyncScenarioFile
import SyncSimulation

/// Writing a nemesis's faults out as plain steps: the partitions, heals,
/// crashes and restarts a run recorded (``SyncSimulation/RunResult/faults``)
/// become `partition`, `heal`, `crash` and `restart` steps, and the nemesis
/// steps go. The steps can then be dropped one by one, which a nemesis's
/// seeded schedule cannot.
enum FaultSteps {
    /// `document` with its nemesis steps replaced by the faults they caused
    /// in a run whose fault timeline was `timeline`. The file's own fault
    /// steps stay where they are and their faults are not written twice;
    /// the nemesis's are appended, in time order, so the steps before them
    /// keep their places (an `import` or `random` step draws its data from
    /// its index). Nil when a fault cannot be written back (a replica name
    /// the document does not name), the document has no nemesis, or the timeline
    /// was capped (``SyncSimulation/FaultLog/isCapped``): its later faults
    /// are not known, and the nemesis steps stay.
    static func materialise(_ document: JSON5Value, timeline: FaultLog) -> JSON5Value? {
        let names = document.allReplicaNames
        let kept = document.steps.filter { $0["nemesis"] == nil }
        guard kept.count < document.steps.count, !timeline.isCapped else { return nil }
        var remaining = timeline.events
        for step in kept {
            guard let event = scheduledEvent(step, replicaNames: names), let index = remaining.firstIndex(of: event) else { continue }
            remaining.remove(at: index)
        }
        var added: [JSON5Value] = []
        for event in remaining {
            guard let step = step(for: event, replicaNames: names) else { return nil }
            added.append(step)
        }
        return document.withSteps(kept + added)
    }

    /// True when a run whose faults were `timeline` ended with no
    /// partition in force and no replica down; false when that is not
    /// known (a capped timeline).
    static func allOver(_ timeline: FaultLog) -> Bool {
        guard !timeline.isCapped else { return false }
        var partitioned = false
        var down: [String] = []
        for event in timeline.events {
            switch event.fault {
            case .partition, .cut: partitioned = true
            case .heal: partitioned = false
            case .crash(let device), .wipe(let device): down.append(device)
            case .restart(let device): down.removeAll { $0 == device }
            }
        }
        return !partitioned && down.isEmpty
    }

    /// The fault a file's own step records when it runs (a crash of a
    /// replica that is already down records none, and is then not found).
    static func scheduledEvent(_ step: JSON5Value, replicaNames: [String]) -> FaultEvent? {
        let at = step.atMicros
        if let partition = step["partition"] {
            let groups: [[String]] = partition.stringValue == "each"
                ? replicaNames.map { [$0] }
                : (partition.arrayItems ?? []).map { ($0.arrayItems ?? []).compactMap(\.stringValue) }
            return FaultEvent(atMicros: at, .partition(groups))
        }
        if let cut = step["cut"] {
            let names = { (key: String) in
                cut[key]?.arrayItems?.compactMap(\.stringValue) ?? cut[key]?.stringValue.map { [$0] } ?? []
            }
            return FaultEvent(atMicros: at, .cut(from: names("from"), to: names("to")))
        }
        if step["heal"] != nil { return FaultEvent(atMicros: at, .heal(byNemesis: false)) }
        if let name = step["crash"]?.stringValue {
            return FaultEvent(atMicros: at, step["wipe"] == .bool(true) ? .wipe(name) : .crash(name))
        }
        if let name = step["restart"]?.stringValue { return FaultEvent(atMicros: at, .restart(name)) }
        return nil
    }

    /// The step that makes `event` happen.
    static func step(for event: FaultEvent, replicaNames: [String]) -> JSON5Value? {
        var members: [JSON5Value.Member] = [.init("at", .string(ScenarioFile.durationText(event.atMicros)))]
        switch event.fault {
        case .partition(let groups):
            let named = groups.flatMap { $0 }
            guard named.allSatisfy(replicaNames.contains), Set(named).count == named.count else { return nil }
            members.append(.init("partition", .array(groups.map { .array($0.map(JSON5Value.string)) })))
        case .cut(let from, let to):
            guard (from + to).allSatisfy(replicaNames.contains) else { return nil }
            members.append(.init("cut", .object([.init("from", .array(from.map(JSON5Value.string))),
                                                 .init("to", .array(to.map(JSON5Value.string)))])))
        case .heal:
            members.append(.init("heal", .bool(true)))
        case .crash(let device), .wipe(let device), .restart(let device):
            guard replicaNames.contains(device) else { return nil }
            members.append(.init(event.kind == .restart ? "restart" : "crash", .string(device)))
            if event.kind == .wipe { members.append(.init("wipe", .bool(true))) }
        }
        return .object(members)
    }
}
