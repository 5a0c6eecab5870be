import SyncScenarioFile
import SyncSimulation

/// The shrinker's passes. Each tries smaller documents, keeps every one
/// that still fails the same way, and says whether it kept any. All are
/// greedy and deterministic: the same document and failure give the same
/// candidates in the same order.
extension ShrinkState {
    /// Ends the run earlier, but never so early that less than the healed
    /// phase explore gave (its `until` less the nemesis's) follows the end
    /// of the last step: a liveness failure or a `converged` expectation
    /// must not "reproduce" merely because sync had no time.
    mutating func shortenUntil() -> Bool {
        let steps = document.steps
        let lastEnd = steps.map(\.endMicros).max() ?? 0
        let lastAt = steps.map(\.atMicros).max() ?? -1
        let floor = Self.wholeMilliseconds(max(lastEnd + healedPhaseMicros, lastAt + 1))
        let current = document.untilMicros
        guard floor < current else { return false }
        if attempt(withUntil(floor)) { return true }
        var failing = current
        var passing = floor
        var changed = false
        let resolution = max(1_000, (current - floor) / 16)
        while failing - passing > resolution {
            let middle = Self.wholeMilliseconds(passing + (failing - passing) / 2)
            guard middle < failing else { break }
            if attempt(withUntil(middle)) {
                failing = middle
                changed = true
            } else {
                passing = middle
            }
        }
        return changed
    }

    /// Drops runs of steps, halving the run length down to single steps
    /// (the first half of delta debugging).
    mutating func removeSteps() -> Bool {
        var changed = false
        var chunk = max(1, document.steps.count / 2)
        while !document.steps.isEmpty {
            var start = 0
            while start < document.steps.count {
                var steps = document.steps
                steps.removeSubrange(start ..< min(start + chunk, steps.count))
                if attempt(document.withSteps(steps)) { changed = true } else { start += chunk }
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        return changed
    }

    /// Drops a crash together with the restart that ends it, which neither
    /// can be dropped without (the file would restart a running replica).
    mutating func removeCrashesWithTheirRestarts() -> Bool {
        var changed = false
        var index = 0
        while index < document.steps.count {
            let steps = document.steps
            if let name = steps[index]["crash"]?.stringValue,
               let restart = steps.indices.first(where: { $0 != index && steps[$0]["restart"]?.stringValue == name && steps[$0].atMicros >= steps[index].atMicros }) {
                var fewer = steps
                fewer.remove(at: max(index, restart))
                fewer.remove(at: min(index, restart))
                if attempt(document.withSteps(fewer)) {
                    changed = true
                    continue
                }
            }
            index += 1
        }
        return changed
    }

    /// Lowers each step's `import.count`, `random.ops`, `random.keys` and
    /// `writers`, each to the least value that still fails.
    mutating func lowerCounts() -> Bool {
        var changed = false
        for index in document.steps.indices {
            for path in [["import", "count"], ["random", "ops"], ["random", "keys"], ["writers"]] {
                guard let value = document.steps[index].value(at: path)?.intValue, value > 1 else { continue }
                let lowest = lowestFailing(from: value) { document, candidate in
                    var steps = document.steps
                    steps[index] = steps[index].setting(path: path, to: .int(candidate))
                    return document.withSteps(steps)
                }
                changed = changed || lowest < value
            }
        }
        return changed
    }

    /// Runs each intent on fewer replicas: drops targets from `on` one at a time.
    mutating func narrowTargets() -> Bool {
        var changed = false
        for index in document.steps.indices {
            guard var targets = document.steps[index].targets(in: document), targets.count > 1 else { continue }
            var position = targets.count - 1
            while position >= 0 && targets.count > 1 {
                var fewer = targets
                fewer.remove(at: position)
                var steps = document.steps
                steps[index] = steps[index].setting("on", to: fewer.count == 1 ? .string(fewer[0]) : .array(fewer.map(JSON5Value.string)))
                if attempt(document.withSteps(steps)) {
                    targets = fewer
                    changed = true
                }
                position -= 1
            }
        }
        return changed
    }

    /// Drops replicas, the last first (so a count of replicas stays a
    /// count as long as it can), with every mention of them.
    mutating func removeReplicas() -> Bool {
        var changed = false
        for name in document.replicaNames.reversed() {
            if let fewer = document.removingReplica(name), attempt(fewer) { changed = true }
        }
        return changed
    }

    /// Lists the steps in time order, for the reader, if the document
    /// still fails that way (an `import` or `random` step draws its data
    /// from its place in the list, so this can change the run).
    @discardableResult
    mutating func orderStepsByTime() -> Bool {
        let steps = document.steps
        let ordered = steps.indices.sorted { (steps[$0].atMicros, $0) < (steps[$1].atMicros, $1) }.map { steps[$0] }
        return ordered != steps && attempt(document.withSteps(ordered))
    }

    // MARK: Helpers

    /// The least value from 1 to `value` whose document still fails,
    /// found by bisection (so assuming, as shrinkers do, that fewer fail
    /// no more often than more), and kept.
    /// `edit` makes the candidate from the current document and a value.
    private mutating func lowestFailing(from value: Int64, _ edit: (JSON5Value, Int64) -> JSON5Value) -> Int64 {
        if attempt(edit(document, 1)) { return 1 }
        var failing = value
        var passing: Int64 = 1
        while failing - passing > 1 {
            let middle = passing + (failing - passing) / 2
            if attempt(edit(document, middle)) { failing = middle } else { passing = middle }
        }
        return failing
    }

    private func withUntil(_ micros: Int64) -> JSON5Value {
        document.setting("until", to: .string(ScenarioFile.durationText(micros)), after: ["seed", "replicas", "description", "name"])
    }

    /// Rounded up to a whole millisecond, so the file reads `"1250ms"`.
    static func wholeMilliseconds(_ micros: Int64) -> Int64 {
        (micros + 999) / 1_000 * 1_000
    }
}

extension JSON5Value {
    /// The value at a path of keys, nil where one is missing.
    func value(at path: [String]) -> JSON5Value? {
        path.reduce(Optional(self)) { value, key in value?[key] }
    }

    /// This object with the value at a path of keys (all present but the last) set.
    func setting(path: [String], to value: JSON5Value) -> JSON5Value {
        guard let first = path.first else { return value }
        guard path.count > 1 else { return setting(first, to: value) }
        return setting(first, to: (self[first] ?? .object([])).setting(path: Array(path.dropFirst()), to: value))
    }
}
