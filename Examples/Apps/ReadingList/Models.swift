// A reading list imported from a server feed, written for SyncSim's
// `simulate advise` examples (Reports/advise/reading-list) and for its
// advise benchmark (five entities). SwiftData with a CloudKit database:
// nothing is unique, every relationship is optional with an inverse; the
// natural keys come from --key (Article.url, Feed.url, Author.name,
// Topic.slug, Highlight.id).
import Foundation
import SwiftData

@Model
final class Feed {
    var url: String = ""
    var title: String = ""
    var lastFetched: Date?
    @Relationship(deleteRule: .cascade, inverse: \Article.feed)
    var articles: [Article]? = []

    init(url: String, title: String) {
        self.url = url
        self.title = title
    }
}

@Model
final class Article {
    var url: String = ""
    var title: String = ""
    var isRead: Bool = false
    var isStarred: Bool = false
    var feed: Feed?
    @Relationship(inverse: \Author.articles)
    var author: Author?
    @Relationship(inverse: \Topic.articles)
    var topics: [Topic]? = []
    @Relationship(deleteRule: .cascade, inverse: \Highlight.article)
    var highlights: [Highlight]? = []

    init(url: String, title: String) {
        self.url = url
        self.title = title
    }
}

@Model
final class Author {
    var name: String = ""
    var bio: String = ""
    var articles: [Article]? = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class Topic {
    var slug: String = ""
    var title: String = ""
    var articles: [Article]? = []

    init(slug: String, title: String) {
        self.slug = slug
        self.title = title
    }
}

@Model
final class Highlight {
    var id: String = ""
    var text: String = ""
    var note: String = ""
    var article: Article?

    init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}
