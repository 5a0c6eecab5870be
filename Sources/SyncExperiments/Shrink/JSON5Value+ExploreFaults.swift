import SyncScenarioFile
import SyncSimulation

/// Telling the faults explore added from the file's own steps while a
/// document shrinks: the nemesis step, and the partitions, heals, crashes
/// and restarts it is written out as, carry a mark. Every pass edits steps
/// with `setting`, which keeps other members, so a step keeps its mark
/// through edits and reordering. The scenario parser refuses unknown keys,
/// so a candidate is read ``unmarked``; a mark that leaked into a file
/// would fail it at once.
extension JSON5Value {
    /// The marking member's key: not a scenario key, and not one a person
    /// would write.
    static let exploreFaultKey = "(explore fault)"

    var isExploreFault: Bool { self[Self.exploreFaultKey] != nil }

    /// This step, marked as one of explore's faults.
    func markedAsExploreFault() -> JSON5Value {
        setting(Self.exploreFaultKey, to: .bool(true))
    }

    /// The document as a file holds it: every step without its mark.
    var unmarked: JSON5Value {
        guard steps.contains(where: \.isExploreFault) else { return self }
        return withSteps(steps.map { $0.setting(Self.exploreFaultKey, to: nil) })
    }

    /// The document without explore's faults: the file's own steps only,
    /// as the scenario ran before explore added any.
    var withoutExploreFaults: JSON5Value {
        withSteps(steps.filter { !$0.isExploreFault })
    }

    /// Where explore's faults stand in `steps`, from 0.
    var exploreFaultIndices: [Int] {
        steps.indices.filter { steps[$0].isExploreFault }
    }
}
