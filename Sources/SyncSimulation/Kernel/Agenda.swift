/// The kernel's queue of events in virtual time (``EventQueue``), which
/// also knows how many of each ``Simulation/Event/Kind`` are scheduled and
/// how many events it has handed out: what quiescence and `--max-events`
/// read, with no counter of their own to keep in line.
struct Agenda {
    private var queue = EventQueue<Simulation.Event>()
    private var scheduledByKind = Array(repeating: 0, count: Simulation.Event.Kind.allCases.count)
    /// Events handed out by ``popNext()``: the run's event count.
    private(set) var handedOut = 0

    /// The next event and its time, left in place; nil when none is scheduled.
    var next: (timeMicros: Int64, event: Simulation.Event)? { queue.next }

    /// Schedules `event` at `timeMicros`, after every event already scheduled then.
    mutating func schedule(_ event: Simulation.Event, atMicros timeMicros: Int64) {
        scheduledByKind[event.kind.rawValue] += 1
        queue.schedule(event, atMicros: timeMicros)
    }

    /// Removes and returns the next event, and counts it as handled.
    mutating func popNext() -> (timeMicros: Int64, event: Simulation.Event)? {
        guard let next = queue.popNext() else { return nil }
        scheduledByKind[next.event.kind.rawValue] -= 1
        handedOut += 1
        return next
    }

    /// Events of `kind` scheduled and not yet handed out.
    func scheduled(_ kind: Simulation.Event.Kind) -> Int {
        scheduledByKind[kind.rawValue]
    }

    /// Every scheduled event, in no particular order: for searches that
    /// cannot depend on order (quiescence, invariants).
    var scheduledEvents: some Sequence<Simulation.Event> { queue.scheduledEvents }
}
