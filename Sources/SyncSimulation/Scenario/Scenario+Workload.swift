import SyncModel

extension Scenario {
    /// The scenario as a run with `seed` sees it: every ``StepAction/drawn(_:)``
    /// step replaced by the steps it draws, and the steps stably sorted by
    /// time, so steps at one instant run in the order the file lists them
    /// (what a step draws at an instant runs where the step stands in the
    /// file). Plans drawn while the run goes (``RandomPlan``,
    /// ``ImportPlan``) take the seed from the run.
    public func drawingWorkload(seed: UInt64) -> Scenario {
        let places = stepFileOrder ?? Array(steps.indices)
        var expanded: [(step: Step, place: Int)] = []
        expanded.reserveCapacity(steps.count)
        for (step, place) in zip(steps, places) {
            guard case .drawn(let draw) = step.action else {
                expanded.append((step, place))
                continue
            }
            expanded += draw.steps(atMicros: step.atMicros, schema: schema, seed: seed).map { ($0, place) }
        }
        var drawn = self
        drawn.steps = expanded.stableSorted { ($0.step.atMicros, $0.place) < ($1.step.atMicros, $1.place) }.map(\.step)
        return drawn
    }
}
