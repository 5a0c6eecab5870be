import Foundation

/// Whether an `.entitlements` file turns CloudKit on: it lists a CloudKit
/// service among `com.apple.developer.icloud-services`, the key Xcode's
/// iCloud capability writes when its CloudKit box is ticked (Apple, "iCloud
/// Services Entitlement": values `CloudDocuments`, `CloudKit`,
/// `CloudKit-Anonymous`; docs/sources/lint-rules.md).
enum EntitlementsFile {
    /// The key whose values name the app's iCloud services.
    static let servicesKey = "com.apple.developer.icloud-services"

    /// True when the file at `path` enables CloudKit, false when it does
    /// not, nil when it cannot be read as a property list (missing, or not
    /// a plist): then it says nothing either way.
    static func enablesCloudKit(at path: String) -> Bool? {
        guard let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any] else { return nil }
        guard let services = plist[servicesKey] else { return false }
        return ((services as? [String]) ?? []).contains(where: isCloudKit) || (services as? String).map(isCloudKit) == true
    }

    /// `CloudKit`, `CloudKit-Anonymous`, or the wildcard `*` an old
    /// provisioning template writes.
    static func isCloudKit(_ service: String) -> Bool {
        service.hasPrefix("CloudKit") || service == "*"
    }
}
