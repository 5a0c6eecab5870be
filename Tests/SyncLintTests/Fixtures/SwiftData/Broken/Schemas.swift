import SwiftData

enum ArchiveSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Bookmark.self] }

    @Model
    final class Bookmark {
        var link: String

        init(link: String) {
            self.link = link
        }
    }
}
