import Foundation
import SwiftData

@Model
final class Author {
    var name: String = ""
    var articles: [Article]? = []
    var homepage: Website?
    var biography: String = """
        Writes about "sync", { braces } and
        var declarations that are not there.
        """

    init(name: String) {
        self.name = name
    }
}

@Model
final class Website {
    var address: String = ""

    init(address: String) {
        self.address = address
    }
}
