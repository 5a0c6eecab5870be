import Foundation
import SwiftData

@Model final class Trip {
    @Attribute(.unique) var name: String = ""
    var startDate: Date?
    init(name: String) { self.name = name }
}
