import Foundation
import SwiftData

@Model
final class Note {
    var title: String = ""
    var body: String?
    var title: String?

    init() {}
}
