/// A priority queue of events in virtual time, ordered by `(time, sequence)`:
/// events at one instant run in the order they were scheduled, as in
/// swift-nio's `EmbeddedEventLoop`.
public struct EventQueue<Event> {
    private struct Entry {
        let timeMicros: Int64
        let sequence: UInt64
        let event: Event

        func precedes(_ other: Entry) -> Bool {
            (timeMicros, sequence) < (other.timeMicros, other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// An empty queue.
    public init() {}

    /// True when no event is scheduled.
    public var isEmpty: Bool { heap.isEmpty }
    /// Events scheduled and not yet popped.
    public var count: Int { heap.count }
    /// The time of the next event; nil when the queue is empty.
    public var nextTimeMicros: Int64? { heap.first?.timeMicros }

    /// Every scheduled event, in no particular order: for searches whose answer cannot depend on order.
    public var scheduledEvents: some Sequence<Event> { heap.lazy.map(\.event) }

    /// Schedules `event` at `timeMicros`, after every event already scheduled at that time.
    public mutating func schedule(_ event: Event, atMicros timeMicros: Int64) {
        heap.append(Entry(timeMicros: timeMicros, sequence: nextSequence, event: event))
        nextSequence += 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest event, first scheduled first among equals; nil when the queue is empty.
    public mutating func popNext() -> (timeMicros: Int64, event: Event)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
        return (entry.timeMicros, entry.event)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if right < heap.count && heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
