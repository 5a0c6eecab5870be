import SyncSimulation
import Testing

/// The event queue pops in `(time, insertion sequence)` order: events at
/// one instant run in the order they were scheduled.
struct EventQueueTests {
    @Test func popsByTimeThenInsertionOrder() {
        var queue = EventQueue<String>()
        queue.schedule("c@5", atMicros: 5)
        queue.schedule("a@1", atMicros: 1)
        queue.schedule("d@5", atMicros: 5)
        queue.schedule("b@1", atMicros: 1)
        queue.schedule("e@3", atMicros: 3)
        #expect(queue.count == 5)
        #expect(queue.nextTimeMicros == 1)
        var popped: [String] = []
        while let (time, event) = queue.popNext() {
            #expect(event.hasSuffix("@\(time)"))
            popped.append(event)
        }
        #expect(popped == ["a@1", "b@1", "e@3", "c@5", "d@5"])
        #expect(queue.isEmpty)
        #expect(queue.nextTimeMicros == nil)
    }

    @Test func manyEventsAtOneInstantKeepTheirOrder() {
        var queue = EventQueue<Int>()
        for index in 0 ..< 1_000 { queue.schedule(index, atMicros: 7) }
        var popped: [Int] = []
        while let (_, event) = queue.popNext() { popped.append(event) }
        #expect(popped == Array(0 ..< 1_000))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func manyEqualTimesPopInStableOrder(seed: UInt64) {
        var random = Xoshiro256StarStar(seed: seed, stream: "event-queue")
        var queue = EventQueue<Int>()
        var scheduled: [(time: Int64, index: Int)] = []
        for index in 0 ..< 2_000 {
            let time = random.next(in: 0 ... 9)
            queue.schedule(index, atMicros: time)
            scheduled.append((time, index))
        }
        // Stable by construction: sort on (time, index).
        let expected = scheduled.sorted { ($0.time, $0.index) < ($1.time, $1.index) }
        var popped: [(time: Int64, index: Int)] = []
        while let (time, event) = queue.popNext() { popped.append((time, event)) }
        #expect(popped.map(\.index) == expected.map(\.index), "seed \(seed)")
        #expect(popped.map(\.time) == expected.map(\.time), "seed \(seed)")
    }

    /// Scheduling and popping interleaved, against a plain list model that
    /// always takes the smallest `(time, sequence)`.
    @Test(arguments: [UInt64(4), 5, 6])
    func interleavedScheduleAndPopMatchesAModel(seed: UInt64) {
        var random = Xoshiro256StarStar(seed: seed, stream: "event-queue.interleaved")
        var queue = EventQueue<Int>()
        var model: [(time: Int64, sequence: Int)] = []
        var now: Int64 = 0
        var sequence = 0
        var mismatches = 0
        for _ in 0 ..< 3_000 {
            if model.isEmpty || random.chance(Probability(0.55)) {
                // Never in the past, often at the current instant.
                let time = now + random.next(in: 0 ... 3)
                queue.schedule(sequence, atMicros: time)
                model.append((time, sequence))
                sequence += 1
            } else {
                let best = model.indices.min { (model[$0].time, model[$0].sequence) < (model[$1].time, model[$1].sequence) }!
                let expected = model.remove(at: best)
                guard let (time, event) = queue.popNext() else {
                    mismatches += 1
                    break
                }
                if time != expected.time || event != expected.sequence { mismatches += 1 }
                now = time
            }
            if queue.count != model.count { mismatches += 1 }
        }
        #expect(mismatches == 0, "seed \(seed)")
        #expect(sequence > 1_000, "seed \(seed): too few events scheduled to mean anything")
    }

    @Test func popOnEmptyQueueIsNil() {
        var queue = EventQueue<Int>()
        #expect(queue.popNext() == nil)
        queue.schedule(1, atMicros: 0)
        #expect(queue.popNext()?.event == 1)
        #expect(queue.popNext() == nil)
    }
}
