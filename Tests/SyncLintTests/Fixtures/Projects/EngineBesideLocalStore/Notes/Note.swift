import Foundation
import SwiftData

@Model final class Note {
    var title: String = ""
    var body: String = ""
    var modifiedAt: Date = Date.now
    init(title: String) { self.title = title }
}
