/// How lint decides the stack of one model's app (docs/sources/lint-rules.md,
/// "Which stack syncs the app").
extension SyncStack {
    /// The stack of `model`'s app. `sourcesSync`: whether the model syncs
    /// as its sources and containers have it, before the entitlements are
    /// read; `code`: what the app's code creates (nil for a model or file
    /// linted on its own); `ruledOut`: why the entitlements keep the app
    /// off CloudKit, if they do.
    static func reading(of model: DataModel, sourcesSync: Bool, code: StackScan?, ruledOut: String?) -> SyncStack {
        var found: [Use] = []
        // SwiftData's own container first: an NSPersistentCloudKitContainer
        // beside it may only initialize the CloudKit schema (Apple's advice
        // for SwiftData), met in GordonBeeming/HardPhaseTracker.
        if model.kind == .swiftData, sourcesSync, let container = code?.modelContainer {
            found.append(Use(preset: .nspckc, evidence: container,
                             what: "SwiftData's ModelContainer, which syncs through NSPersistentCloudKitContainer"))
        } else if let container = code?.cloudKitContainer {
            found.append(Use(preset: .nspckc, evidence: container, what: "the app creates an NSPersistentCloudKitContainer"))
        } else if model.kind == .coreData, sourcesSync, let mark = model.cloudKitMark {
            found.append(Use(preset: .nspckc, evidence: mark.description,
                             what: "the model is marked Used with CloudKit, a setting of NSPersistentCloudKitContainer"))
        }
        if let engine = code?.ckSyncEngine {
            found.append(Use(preset: .cksyncengine, evidence: engine, what: "the app creates a CKSyncEngine"))
        }
        if let engine = code?.sqliteDataEngine {
            found.append(Use(preset: .sqlitedata, evidence: engine, what: "the app creates SQLiteData's SyncEngine"))
        }
        if let ruledOut {
            return SyncStack(found: found, reading: .none, reason: ruledOut + ", so nothing syncs with CloudKit")
        }
        if found.count > 1 { return SyncStack(found: found, reading: .several) }
        if !found.isEmpty { return SyncStack(found: found, reading: .one) }
        // Nothing found: a model that does not sync as written has no
        // stack, except a Core Data model read alone, which any app may
        // load in an NSPersistentCloudKitContainer.
        if !model.cloudKit.isSynced, code != nil || model.kind == .swiftData {
            return SyncStack(found: [], reading: .none, reason: model.cloudKit.evidence)
        }
        if code == nil {
            return SyncStack(found: [], reading: .unknown,
                             reason: "a model read without its app; the app's code says which stack loads it (lint the app's folder)")
        }
        return SyncStack(found: [], reading: .unknown,
                         reason: "the code read creates no NSPersistentCloudKitContainer, ModelContainer, CKSyncEngine or SQLiteData SyncEngine")
    }

    /// A model read on its own, with no app around it.
    static func alone(_ model: DataModel) -> SyncStack {
        reading(of: model, sourcesSync: model.cloudKit.isSynced, code: nil, ruledOut: nil)
    }

    /// One reading for several models of one app (``ModelLint/stack(of:options:)``):
    /// the stacks of those that sync, each preset once; else the first
    /// `none`; else the first reading.
    static func merged(_ stacks: [SyncStack]) -> SyncStack? {
        let syncing = stacks.filter { $0.reading == .one || $0.reading == .several }
        guard !syncing.isEmpty else { return stacks.first { $0.reading == .none } ?? stacks.first }
        var found: [Use] = []
        for preset in Preset.allCases {
            if let use = syncing.lazy.flatMap(\.found).first(where: { $0.preset == preset }) { found.append(use) }
        }
        return SyncStack(found: found, reading: found.count > 1 ? .several : .one)
    }
}
