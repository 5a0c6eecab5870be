import Foundation
import SwiftData

/// The store the app kept before it moved to SQLiteData: read once to
/// import its reminders, never synced.
@Model final class LegacyReminder {
    var title: String = ""
    var isCompleted: Bool = false
    init(title: String) { self.title = title }
}

enum LegacyStore {
    static let container = try! ModelContainer(
        for: LegacyReminder.self,
        configurations: ModelConfiguration(cloudKitDatabase: .none)
    )
}
