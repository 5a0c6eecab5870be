extension JSON5Value {
    /// The first key an object names twice, in the order the text gives
    /// them, with the path to its second use: keys as written (not
    /// shortened), `steps[2].at`. Nil when every object's keys differ.
    ///
    /// The parser keeps every member (explore and shrink edit the tree as
    /// written); a scenario must not name a key twice, since a reader would
    /// silently keep one of the values, so ``ScenarioFile`` checks this once
    /// before reading any key.
    func firstRepeatedKey() -> (path: String, key: String)? {
        var trail: [PathPart] = []
        guard let key = firstRepeatedKey(trail: &trail) else { return nil }
        var path = ""
        for part in trail {
            switch part {
            case .key(let key): path = path.isEmpty ? key : "\(path).\(key)"
            case .index(let index): path += "[\(index)]"
            }
        }
        return (path, key)
    }

    /// Depth first in document order: a member's key is checked before
    /// its value is searched. `trail` ends at the repeated key when found.
    private func firstRepeatedKey(trail: inout [PathPart]) -> String? {
        switch self {
        case .array(let items):
            for (index, item) in items.enumerated() {
                trail.append(.index(index))
                if let key = item.firstRepeatedKey(trail: &trail) { return key }
                trail.removeLast()
            }
        case .object(let members):
            let repeated = Self.firstRepeatedIndex(members)
            for index in members.indices {
                trail.append(.key(members[index].key))
                if index == repeated { return members[index].key }
                if let key = members[index].value.firstRepeatedKey(trail: &trail) { return key }
                trail.removeLast()
            }
        default:
            break
        }
        return nil
    }

    /// The index of the first member whose key an earlier member has.
    private static func firstRepeatedIndex(_ members: [Member]) -> Int? {
        // Scenario objects have a few members, which a scan compares
        // faster than a set hashes; a set keeps a huge one linear.
        if members.count <= 8 {
            return members.indices.first { index in members[..<index].contains { $0.key == members[index].key } }
        }
        var seen = Set<String>(minimumCapacity: members.count)
        return members.indices.first { !seen.insert(members[$0].key).inserted }
    }
}
