/// An observed-remove set of record ids: a to-many relationship.
///
/// Every add carries a unique tag (the stamp of the write that made it); a
/// remove takes away only the tags its writer had seen, so an add made
/// concurrently elsewhere survives. Both lists stay sorted, so equal sets are
/// equal values and iteration order never depends on hashing.
public struct ObservedRemoveSet: Hashable, Sendable {
    /// One add: an element and the unique tag of the write that added it.
    public struct Entry: Hashable, Comparable, Sendable {
        /// The stamp of the adding write; a remove names it.
        public let tag: Timestamp
        /// The id added.
        public let element: RecordID

        /// An add of `element` under `tag`.
        public init(tag: Timestamp, element: RecordID) {
            self.tag = tag
            self.element = element
        }

        /// Orders by tag, then element.
        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.tag, lhs.element) < (rhs.tag, rhs.element)
        }
    }

    /// Every add ever merged in, sorted by tag.
    public private(set) var adds: [Entry] = []
    /// Tags removed, sorted.
    public private(set) var removedTags: [Timestamp] = []

    /// An empty set: no adds, no removes.
    public init() {}

    /// True when no add or remove was ever merged in (not merely when no element is present).
    public var isEmpty: Bool { adds.isEmpty && removedTags.isEmpty }

    /// The ids currently in the set, sorted, each once.
    public var elements: [RecordID] {
        if adds.isEmpty { return [] }
        var present: [RecordID] = []
        for entry in adds where !removedTags.containsSorted(entry.tag) {
            present.append(entry.element)
        }
        return Array(Set(present)).sorted()
    }

    /// A to-one relationship's target: the element added last (greatest
    /// tag) among those not removed, so concurrent sets resolve the same
    /// way on every replica; nil when the set is empty.
    public var latest: RecordID? {
        adds.last { !removedTags.containsSorted($0.tag) }?.element
    }

    /// Every live tag of every element: what replacing the whole content
    /// must observe (setting a to-one relationship).
    public var liveTags: [Timestamp] {
        adds.filter { !removedTags.containsSorted($0.tag) }.map(\.tag)
    }

    /// Tags that currently hold `element`: what a remove of it must observe.
    public func liveTags(of element: RecordID) -> [Timestamp] {
        adds.filter { $0.element == element && !removedTags.containsSorted($0.tag) }.map(\.tag)
    }

    /// Adds `element` under `tag`, the stamp of the adding write.
    public mutating func add(_ element: RecordID, tag: Timestamp) {
        adds.insertSorted(Entry(tag: tag, element: element))
    }

    /// Removes the adds with these tags: those the removing writer observed (``liveTags``).
    public mutating func remove(tags: [Timestamp]) {
        for tag in tags { removedTags.insertSorted(tag) }
    }

    /// The join: union of adds and of removes.
    public func merged(with other: ObservedRemoveSet) -> ObservedRemoveSet {
        var result = self
        for entry in other.adds { result.adds.insertSorted(entry) }
        for tag in other.removedTags { result.removedTags.insertSorted(tag) }
        return result
    }
}

extension Array where Element: Comparable {
    /// Inserts keeping the array sorted; does nothing if already present.
    @inlinable
    public mutating func insertSorted(_ element: Element) {
        if let last, last < element {
            append(element)
            return
        }
        let index = sortedInsertionIndex(of: element)
        if index < count && self[index] == element { return }
        insert(element, at: index)
    }

    /// True when the sorted array holds `element`: a binary search.
    @inlinable
    public func containsSorted(_ element: Element) -> Bool {
        let index = sortedInsertionIndex(of: element)
        return index < count && self[index] == element
    }

    /// First index whose element is not less than `element`.
    @inlinable
    public func sortedInsertionIndex(of element: Element) -> Int {
        partitioningIndex { $0 < element }
    }
}

extension Array {
    /// The first index whose element `isBefore` is false for, by bisection:
    /// `isBefore` must hold for a prefix of the array and for nothing after.
    @inlinable
    public func partitioningIndex(where isBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
