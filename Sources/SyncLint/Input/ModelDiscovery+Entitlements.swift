/// Whether the app's entitlements let it use CloudKit at all: without the
/// iCloud capability's CloudKit service, neither SwiftData's automatic
/// sync nor an `NSPersistentCloudKitContainer` reaches CloudKit
/// (docs/sources/lint-rules.md, "Whether a model syncs").
extension ModelDiscovery {
    /// Why the entitlements keep a model of `kind` off CloudKit; nil when
    /// they enable it or say nothing. The entitlements the app's projects
    /// name decide first (issue 43); a project that names none decides only
    /// when the folder holds no `.entitlements` file either (one may be
    /// named where lint does not look). Otherwise the folder's
    /// `.entitlements` files decide, as before: not for a Core Data model
    /// whose app creates an `NSPersistentCloudKitContainer`, since a file
    /// lying in the folder need not be the one the app is signed with.
    func entitlementsRuleOut(for kind: DataModel.Kind) -> String? {
        switch projectVerdict {
        case .cloudKit?:
            return nil
        case .noCloudKit(let files, let namedBy)?:
            return "the entitlements the project names enable no CloudKit service (\(Self.some(files, "files")), named by \(namedBy))"
        case .namesNone? where entitlements == nil:
            return (projects.count == 1 ? "the project names" : "the projects name") + " no entitlements (\(Self.some(projects, "projects")))"
        default:
            break
        }
        if case .noCloudKit(let count, let first) = entitlements, kind == .swiftData || cloudKitContainer == nil {
            let files = count == 1 ? first : "\(count) files, such as \(first)"
            return "no entitlements file here enables CloudKit (\(files))"
        }
        return nil
    }

    /// What the folder's `.entitlements` files (relative to `root`) say:
    /// the first that enables CloudKit, else how many do not; nil for none.
    /// A file that is not a property list is passed over.
    static func entitlements(_ files: [String], under root: String) -> Entitlements? {
        guard let first = files.first else { return nil }
        if let enabling = files.first(where: { EntitlementsFile.enablesCloudKit(at: root + "/" + $0) == true }) {
            return .cloudKit(root + "/" + enabling)
        }
        return .noCloudKit(count: files.count, first: root + "/" + first)
    }

    /// `a`, or `N things, such as a`.
    private static func some(_ items: [String], _ things: String) -> String {
        items.count == 1 ? items[0] : "\(items.count) \(things), such as \(items[0])"
    }
}
