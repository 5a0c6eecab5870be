import SwiftData

@Model
public final class Shelf {
    public var label: String = ""
    public var books: [Book]? = []
    public private(set) var position: Int = 0

    public init(label: String) {
        self.label = label
    }
}
