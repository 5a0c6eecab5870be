extension CloudKitEngineSettings {
    static let keys = ["conflict", "clock", "savePolicy", "batch", "atomic", "fetchPage", "syncOrder", "exportKeys", "pendingColumnRule"]

    /// Reads `cloudkit: { conflict, clock, savePolicy, batch, atomic, fetchPage, syncOrder, exportKeys, pendingColumnRule }`;
    /// every key is optional. A bad value names its path and what is allowed.
    static func parse(_ node: Node?) throws(ScenarioFileError) -> CloudKitEngineSettings {
        var settings = CloudKitEngineSettings()
        guard let node else { return settings }
        let object = try node.object(allowed: keys)
        if let conflictNode = object["conflict"] {
            settings.conflict.policy = try choice(conflictNode, CloudKitConflict.Policy.allCases.map(\.rawValue),
                                                  CloudKitConflict.Policy.init(rawValue:))
        }
        if let clockNode = object["clock"] {
            settings.conflict.clock = try choice(clockNode, CloudKitConflict.Clock.allCases.map(\.rawValue),
                                                 CloudKitConflict.Clock.init(rawValue:))
        }
        if let policyNode = object["savePolicy"] {
            settings.savePolicy = try choice(policyNode, CloudKitSavePolicy.allCases.map(\.name), CloudKitSavePolicy.init(name:))
        }
        if let batchNode = object["batch"] {
            let range = Int64(batchRange.lowerBound) ... Int64(batchRange.upperBound)
            settings.batch = Int(try batchNode.int(in: range))
        }
        if let atomicNode = object["atomic"] { settings.atomic = try atomicNode.bool() }
        if let pageNode = object["fetchPage"] {
            settings.fetchPage = Int(try pageNode.int(in: Int64(fetchPageRange.lowerBound) ... Int64(fetchPageRange.upperBound)))
        }
        if let orderNode = object["syncOrder"] {
            settings.syncOrder = try choice(orderNode, CloudKitSyncOrder.allCases.map(\.rawValue), CloudKitSyncOrder.init(rawValue:))
        }
        if let keysNode = object["exportKeys"] {
            settings.exportKeys = try choice(keysNode, CloudKitExportKeys.allCases.map(\.rawValue), CloudKitExportKeys.init(rawValue:))
        }
        if let ruleNode = object["pendingColumnRule"] {
            settings.conflict.pendingColumnRule = try choice(ruleNode, CloudKitPendingColumnRule.allCases.map(\.rawValue),
                                                             CloudKitPendingColumnRule.init(rawValue:))
        }
        return settings
    }

    private static func choice<T>(_ node: Node, _ names: [String], _ make: (String) -> T?) throws(ScenarioFileError) -> T {
        let text = try node.string()
        guard let value = make(text) else {
            throw node.expected(oneOf: names, found: text)
        }
        return value
    }
}
