/// The kernel's queue of events in virtual time (``EventQueue``), which
/// also knows how many of each ``Simulation/Event/Kind`` are scheduled and
/// how many events the run has handled: what quiescence and `--max-events`
/// read, with no counter of their own to keep in line.
struct Agenda {
    private var queue = EventQueue<Simulation.Event>()
    private var scheduledByKind = Array(repeating: 0, count: Simulation.Event.Kind.allCases.count)
    /// Events the run handled (``countHandled()``): its event count.
    private(set) var handedOut = 0

    /// Schedules `event` at `timeMicros`, after every event already scheduled then.
    mutating func schedule(_ event: Simulation.Event, atMicros timeMicros: Int64) {
        scheduledByKind[event.kind.rawValue] += 1
        queue.schedule(event, atMicros: timeMicros)
    }

    /// Removes and returns the next event.
    mutating func popNext() -> (timeMicros: Int64, event: Simulation.Event)? {
        guard let next = queue.popNext() else { return nil }
        scheduledByKind[next.event.kind.rawValue] -= 1
        return next
    }

    /// Counts an event popped as handled: the run did not stop before it.
    mutating func countHandled() {
        handedOut += 1
    }

    /// Events of `kind` scheduled and not yet handed out.
    func scheduled(_ kind: Simulation.Event.Kind) -> Int {
        scheduledByKind[kind.rawValue]
    }

    /// Every scheduled event, in no particular order: for searches that
    /// cannot depend on order (quiescence, invariants).
    var scheduledEvents: some Sequence<Simulation.Event> { queue.scheduledEvents }
}
