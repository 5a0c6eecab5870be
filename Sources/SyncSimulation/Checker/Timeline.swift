import SyncModel

/// What happened on each endpoint over virtual time, for the report's
/// timeline view (in the spirit of Jepsen's timeline and Maelstrom's
/// message diagram): local saves, sync messages that carry changes (sent,
/// received, lost), conflicts, dedupe passes. Faults are in
/// ``RunResult/faults``. Capped at ``cap`` events: a long run keeps its
/// beginning and counts the rest (`dropped`).
public struct Timeline: Hashable, Sendable, CustomDebugStringConvertible {
    /// What happened on a lane.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A local save committed `count` records.
        case save
        /// A message carrying changes left the lane for `peer`.
        case send
        /// A message carrying changes from `peer` arrived.
        case receive
        /// A message carrying changes from `peer` was lost (the network,
        /// a partition, or a crash of either end).
        case lost
        /// `count` pending local changes met a server version the device
        /// had not seen (engines with a server).
        case conflict
        /// A dedupe pass committed `count` records.
        case dedupePass
    }

    /// One thing that happened on one endpoint.
    public struct Event: Hashable, Sendable {
        /// When it happened, in virtual microseconds.
        public let atMicros: Int64
        /// The endpoint: a device, or the engine's server (the last).
        public let lane: Int
        /// What happened.
        public let kind: Kind
        /// The other end of a message; nil otherwise.
        public let peer: Int?
        /// Records saved or deleted, or conflicts; 1 for a message.
        public let count: Int
    }

    /// The most events a timeline keeps.
    public static let cap = 5_000

    /// The events kept, in the order recorded.
    public private(set) var events: [Event] = []
    /// Events past the cap, not kept.
    public private(set) var dropped = 0

    /// An empty timeline.
    public init() {}

    mutating func record(_ kind: Kind, lane: ReplicaID, peer: ReplicaID? = nil, count: Int = 1, atMicros now: Int64) {
        guard events.count < Self.cap else {
            dropped += 1
            return
        }
        events.append(Event(atMicros: now, lane: lane.index, kind: kind, peer: peer?.index, count: count))
    }

    /// Short, so that a run's fingerprint pins the timeline without
    /// printing it: the counts per kind and a digest of every event.
    public var debugDescription: String {
        var bytes = ByteWriter()
        for event in events {
            bytes.append(event.atMicros)
            bytes.append(event.lane)
            bytes.append(event.kind.rawValue)
            bytes.append(event.peer ?? -1)
            bytes.append(event.count)
        }
        let (high, low) = StableHash.hash128(bytes.bytes)
        let counts = Kind.allCases.map { kind in "\(kind.rawValue) \(events.count { $0.kind == kind })" }.joined(separator: ", ")
        return "Timeline(\(counts); dropped \(dropped); digest \(String(high, radix: 16))\(String(low, radix: 16)))"
    }
}
