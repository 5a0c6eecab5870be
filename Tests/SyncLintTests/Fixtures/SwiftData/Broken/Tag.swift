import SwiftData

@Model
final class Tag {
    var name: String = ""
    var articles: [Article]?

    init(name: String) {
        self.name = name
    }
}
