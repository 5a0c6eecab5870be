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

    public init() {}

    public var isEmpty: Bool { heap.isEmpty }
    public var count: Int { heap.count }
    public var nextTimeMicros: Int64? { heap.first?.timeMicros }

    /// Every scheduled event, in no particular order: for recounts only.
    public var scheduledEvents: some Sequence<Event> { heap.lazy.map(\.event) }

    public mutating func schedule(_ event: Event, atMicros timeMicros: Int64) {
        heap.append(Entry(timeMicros: timeMicros, sequence: nextSequence, event: event))
        nextSequence += 1
        siftUp(heap.count - 1)
    }

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
