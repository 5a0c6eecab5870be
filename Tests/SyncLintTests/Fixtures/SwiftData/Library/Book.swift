import Foundation
import SwiftData

/// A book on the user's shelves. Every stored property is optional or has
/// a default, every relationship is optional with an inverse, and nothing
/// is unique: what NSPersistentCloudKitContainer asks of a model.
@Model
final class Book {
    #Index<Book>([\.title])

    enum Format: String, Codable {
        case paperback, hardcover, ebook
    }

    static let shelfLimit = 500

    var title: String = ""
    var isbn: String?
    var format: Format = Format.paperback
    var pageCount: Int = 0 {
        didSet { pageCount = max(pageCount, 0) }
    }
    var addedAt: Date = Date.now
    var ratings: [Int] = []
    var metadata: [String: String] = [:]
    @Attribute(.externalStorage) var cover: Data?
    @Relationship(deleteRule: .nullify, inverse: \Author.books)
    var author: Author?
    var shelves: [Shelf]?
    @Transient var isSelected: Bool = false

    var displayTitle: String {
        get { title.isEmpty ? "Untitled" : title }
        set { title = newValue }
    }

    init(title: String, isbn: String? = nil) {
        self.title = title
        self.isbn = isbn
    }

    func summary() -> String {
        "\(title) (\(pageCount) pages) { not a body }"
    }
}

extension Book {
    var isLong: Bool { pageCount > 400 }
}
