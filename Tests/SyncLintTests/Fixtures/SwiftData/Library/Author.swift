import SwiftData

@Model
final class Author {
    var name: String = ""
    @Relationship(deleteRule: .cascade)
    var books: [Book]? = []

    init(name: String) {
        self.name = name
    }
}
