import Foundation
import SwiftData

/// A saved article. Its URL identifies it, which is why it carries the
/// unique constraint CloudKit refuses.
@Model
final class Article {
    @Attribute(.unique) var url: URL = URL(string: "about:blank")!
    var title: String
    var summary: String?
    var savedAt: Date = Date.now
    // var commentedOut: Int
    /* a block comment with /* a nested one */ and var hidden: Int */
    var template: String = "var fake: Int { @Attribute(.unique) } \(String("}"))"
    var raw: String = #"a "raw" string with var inside: \(not interpolated)"#
    @Relationship(deleteRule: .deny, inverse: \Author.articles)
    var author: Author?
    var tags: [Tag] = []
    @Transient var isExpanded: Bool = false

    var displayTitle: String {
        title.uppercased()
    }

    init(url: URL, title: String) {
        self.url = url
        self.title = title
    }
}
