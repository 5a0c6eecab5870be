// A fixture written for SyncSim: everyday SwiftData properties without a
// type annotation, whose type Swift infers from the default.
import Foundation
import SwiftData

enum Priority: String, Codable {
    case low, medium, high
}

@Model
final class Reminder {
    var id = UUID()
    var title = ""
    var notes = "Buy milk"
    var createdAt = Date.now
    var remindAt = Date()
    var count = 0
    var offset = -3
    var score = 1.5
    var isDone = false
    var priority = Priority.medium
    var tags = [String]()
    @Relationship(inverse: \Checklist.reminders) var checklist: Checklist?

    init() {}
}

@Model
final class Checklist {
    var name = "Groceries"
    var reminders: [Reminder]? = []

    init() {}
}
