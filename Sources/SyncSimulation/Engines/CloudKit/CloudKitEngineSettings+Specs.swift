/// The `cloudkit: { … }` members as specs (``EngineSettingSpec``), each
/// declared once: the scenario file module checks a file's object against
/// them, presets name them through the typed constructors below, and
/// ``init(_:)`` applies them.
extension CloudKitEngineSettings {
    /// Every member, in the order a file's object is checked.
    static let specs: [EngineSettingSpec] = [
        .init("conflict", .choice(CloudKitConflict.Policy.allCases.map(\.rawValue)), default: .text(CloudKitConflict.Policy.recordLWW.rawValue),
              help: "how a device resolves a conflict"),
        .init("clock", .choice(CloudKitConflict.Clock.allCases.map(\.rawValue)), default: .text(CloudKitConflict.Clock.device.rawValue),
              help: "whose dates last-writer-wins compares"),
        .init("savePolicy", .choice(CloudKitSavePolicy.allCases.map(\.name)), default: .text(CloudKitSavePolicy.ifServerRecordUnchanged.name),
              help: "the save policy of every modify request"),
        .init("batch", .integer(batchRange), default: .int(400), help: "at most this many records per modify request"),
        .init("atomic", .flag, default: .bool(false), help: "whether a batch fails whole when one item fails"),
        .init("fetchPage", .integer(fetchPageRange), default: nil, help: "at most this many changes per fetched page (unset: all at once)"),
        .init("syncOrder", .choice(CloudKitSyncOrder.allCases.map(\.rawValue)), default: nil,
              help: "which request a device sends first (unset: both at once)"),
        .init("exportKeys", .choice(CloudKitExportKeys.allCases.map(\.rawValue)), default: nil,
              help: "which keys a save writes (unset: the keys changed since the last save)"),
        .init("pendingColumnRule", .choice(CloudKitPendingColumnRule.allCases.map(\.rawValue)),
              default: .text(CloudKitPendingColumnRule.localWins.rawValue), help: "which value a column with a pending local change keeps"),
        .init("newRecordConflict", .choice(CloudKitNewRecordConflict.allCases.map(\.rawValue)),
              default: .text(CloudKitNewRecordConflict.serverRecordChanged.rawValue),
              help: "what the server answers a new record whose name exists"),
        .init("reuploadOrder", .choice(CloudKitReuploadOrder.allCases.map(\.rawValue)),
              default: .text(CloudKitReuploadOrder.reuploadFirst.rawValue),
              help: "whether a fetch lands between an unknownItem answer and the re-upload"),
        .init("manyToManyLinks", .choice(CloudKitManyToManyLinks.allCases.map(\.rawValue)),
              default: .text(CloudKitManyToManyLinks.onRecord.rawValue),
              help: "whether a to-many relationship is a key of its record or one record per link"),
        .init("plainRule", .choice(CloudKitPlainRule.allCases.map(\.rawValue)), default: nil,
              help: "one stack rule switched to its plain alternative, for scripts/rule-mutants (not a stack anyone ships)"),
    ]

    /// CKSyncEngine's defaults with `settings` over them; each is one the
    /// specs accept (``EngineCatalog/Entry/configuration(_:)`` checks).
    init(_ settings: [EngineSetting]) {
        self.init()
        for setting in settings {
            switch (setting.name, setting.value) {
            case ("conflict", .text(let name)): conflict.policy = CloudKitConflict.Policy(rawValue: name)!
            case ("clock", .text(let name)): conflict.clock = CloudKitConflict.Clock(rawValue: name)!
            case ("savePolicy", .text(let name)): savePolicy = CloudKitSavePolicy(name: name)!
            case ("batch", .int(let size)): batch = size
            case ("atomic", .bool(let flag)): atomic = flag
            case ("fetchPage", .int(let size)): fetchPage = size
            case ("syncOrder", .text(let name)): syncOrder = CloudKitSyncOrder(rawValue: name)!
            case ("exportKeys", .text(let name)): exportKeys = CloudKitExportKeys(rawValue: name)!
            case ("pendingColumnRule", .text(let name)): conflict.pendingColumnRule = CloudKitPendingColumnRule(rawValue: name)!
            case ("newRecordConflict", .text(let name)): newRecordConflict = CloudKitNewRecordConflict(rawValue: name)!
            case ("reuploadOrder", .text(let name)): reuploadOrder = CloudKitReuploadOrder(rawValue: name)!
            case ("plainRule", .text(let name)): conflict.plainRule = CloudKitPlainRule(rawValue: name)!
            case ("manyToManyLinks", .text(let name)): manyToManyLinks = CloudKitManyToManyLinks(rawValue: name)!
            default: preconditionFailure("the cloudkit engine takes no setting \(setting.name) = \(setting.valueText)")
            }
        }
    }
}

/// The `cloudkit` settings as typed values, for presets: the compiler
/// checks every name and value.
extension EngineSetting {
    static func conflict(_ policy: CloudKitConflict.Policy) -> EngineSetting { .init("conflict", .text(policy.rawValue)) }
    static func clock(_ clock: CloudKitConflict.Clock) -> EngineSetting { .init("clock", .text(clock.rawValue)) }
    static func savePolicy(_ policy: CloudKitSavePolicy) -> EngineSetting { .init("savePolicy", .text(policy.name)) }
    static func batch(_ size: Int) -> EngineSetting { .init("batch", .int(size)) }
    static func atomic(_ flag: Bool) -> EngineSetting { .init("atomic", .bool(flag)) }
    static func syncOrder(_ order: CloudKitSyncOrder) -> EngineSetting { .init("syncOrder", .text(order.rawValue)) }
    static func exportKeys(_ keys: CloudKitExportKeys) -> EngineSetting { .init("exportKeys", .text(keys.rawValue)) }
    static func pendingColumnRule(_ rule: CloudKitPendingColumnRule) -> EngineSetting { .init("pendingColumnRule", .text(rule.rawValue)) }
    static func newRecordConflict(_ answer: CloudKitNewRecordConflict) -> EngineSetting { .init("newRecordConflict", .text(answer.rawValue)) }
    static func reuploadOrder(_ order: CloudKitReuploadOrder) -> EngineSetting { .init("reuploadOrder", .text(order.rawValue)) }
    static func manyToManyLinks(_ links: CloudKitManyToManyLinks) -> EngineSetting { .init("manyToManyLinks", .text(links.rawValue)) }
}
