import SyncModel

/// A claim about what the app shows at the end of a run: "on every
/// replica, a fetch of User { email: "ann@example.com" } returns a record
/// whose name is "Ann (r1)"". The way a stack's own unit test asserts a
/// merge (`XCTAssertEqual(contact.name, "Name 2")`), where a metric only
/// counts.
public struct ValueExpectation: Hashable, Sendable {
    /// What a scenario file says the value must be.
    public enum Expected: Hashable, Sendable {
        /// `null`: no live record of the key, or its field unset.
        case null
        /// A value as text (`"Ann"`, `3`, `true`); `quoted` when the file
        /// wrote a string, so that outputs show it the way it was written.
        case text(String, quoted: Bool)
    }

    /// A strategy name, or `*` for every strategy run.
    public let strategy: String
    /// The key and field whose value is read.
    public let watch: WatchedField
    /// The endpoints to read, in the order the file names them (`"*"`: the
    /// devices, in scenario order).
    public let replicas: [ReplicaID]
    /// The value the field must hold.
    public let expected: Expected
    /// `User { email: "ann@example.com" }`: how outputs name the record.
    public let recordText: String
    /// The field's name in the schema.
    public let fieldName: String
    /// The names of ``replicas``, for outputs.
    public let replicaNames: [String]
    /// A variant of the preset the claim is about; nil: every variant run.
    public var variant: String?

    /// A claim about every variant run; `replicaNames` names each of `replicas`.
    public init(strategy: String, watch: WatchedField, replicas: [ReplicaID], expected: Expected, recordText: String, fieldName: String,
                replicaNames: [String]) {
        precondition(replicas.count == replicaNames.count, "one name per replica")
        self.strategy = strategy
        self.watch = watch
        self.replicas = replicas
        self.expected = expected
        self.recordText = recordText
        self.fieldName = fieldName
        self.replicaNames = replicaNames
    }

    /// `User { email: "ann@example.com" }.name`: how outputs name the value.
    public var subject: String { "\(recordText).\(fieldName)" }

    /// Whether the claim is about `strategyName`: its own, or `*`.
    public func applies(to strategyName: String) -> Bool {
        strategy == "*" || strategy == strategyName
    }

    /// Whether the claim is about `result`: its strategy, and its variant
    /// if the claim names one.
    public func applies(to result: RunResult) -> Bool {
        applies(to: result.strategy) && (variant.map { ScenarioVariant.matches($0, run: result.variant) } ?? true)
    }

    /// True when `actual` is the expected value. Values compare as text, as
    /// a scenario writes them (`3` matches the whole number 3 and the
    /// string "3"); `null` matches a missing record and an unset field.
    public func isMet(by actual: FinalValue) -> Bool {
        switch (expected, actual) {
        case (.null, .noRecord), (.null, .value(nil)): return true
        case (.text(let text, _), .value(let value?)): return value.description.utf8.elementsEqual(text.utf8)
        default: return false
        }
    }
}

/// What a fetch by key returned on one endpoint at the end of a run.
public enum FinalValue: Hashable, Sendable {
    /// No live record holds the key there.
    case noRecord
    /// The canonical record's field (nil: unset).
    case value(FieldValue?)

    /// The watched field of the canonical record, the one a fetch by key
    /// returns first (as `lostWrites` reads it); nil: no record.
    static func read(_ watch: WatchedField, in canonical: Record?) -> FinalValue {
        guard let canonical else { return .noRecord }
        return .value(canonical.value(watch.field))
    }
}

/// The watched values of one run, per endpoint: sorted by endpoint, then
/// key and field, so nothing about them depends on hashing.
public struct FinalValues: Hashable, Sendable {
    /// One value read on one endpoint.
    public struct Entry: Hashable, Sendable {
        /// The endpoint it was read on.
        public let replica: ReplicaID
        /// The key and field read.
        public let watch: WatchedField
        /// What the fetch returned.
        public let value: FinalValue
    }

    /// The values read, by endpoint, then key and field.
    public private(set) var entries: [Entry] = []

    /// Values read, sorted by endpoint, then key and field.
    public init(entries: [Entry] = []) {
        self.entries = entries.sorted { ($0.replica, $0.watch) < ($1.replica, $1.watch) }
    }

    /// The value read on `replica`; nil when the run did not watch it.
    public func value(of watch: WatchedField, on replica: ReplicaID) -> FinalValue? {
        entries.first { $0.replica == replica && $0.watch == watch }?.value
    }
}

/// One value expectation checked on one replica, for one strategy's run.
public struct ValueOutcome: Hashable, Sendable {
    /// The claim checked.
    public let expectation: ValueExpectation
    /// The strategy whose run it was checked against.
    public let strategy: String
    /// The run's variant (``RunResult/variant``); nil without variants.
    public var variant: String? = nil
    /// `lww`, or `lww [importFirst]`: how text names the run.
    public var strategyLabel: String { StrategyLabel.text(strategy, variant: variant) }
    /// The replica's name as the scenario gives it.
    public let replica: String
    /// What the fetch returned on the replica.
    public let actual: FinalValue
    /// False when `--max-events` stopped the run: the value read is not
    /// final, so the claim neither passes nor fails (``ExpectationOutcome/isJudged``).
    public var isJudged = true
    /// Whether the value read is the one expected, judged or not.
    public var isMet: Bool { expectation.isMet(by: actual) }
    /// Judged and met.
    public var passed: Bool { isJudged && isMet }
    /// Judged and not met.
    public var failed: Bool { isJudged && !isMet }

    /// Every value expectation against every result it applies to: in the
    /// order of the expectations, then of the results, then of the
    /// replicas the expectation names.
    public static func check(_ expectations: [ValueExpectation], against results: [RunResult]) -> [ValueOutcome] {
        expectations.flatMap { expectation in
            results.filter { expectation.applies(to: $0) }.flatMap { result in
                zip(expectation.replicas, expectation.replicaNames).map { replica, name in
                    // A run of this scenario watched every expectation's
                    // value; a result from elsewhere reads as no record.
                    ValueOutcome(expectation: expectation, strategy: result.strategy, variant: result.variant, replica: name,
                                 actual: result.finalValues.value(of: expectation.watch, on: replica) ?? .noRecord,
                                 isJudged: !result.stoppedEarly)
                }
            }
        }
    }
}
