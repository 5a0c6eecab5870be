// A fixture written for SyncSim: an app that migrates its SwiftData model,
// as apps that ship with CloudKit declare it (each version's @Model classes
// inside its VersionedSchema or an extension of it, a typealias for the
// current one, and a migration plan). The current version, SchemaV2, adds
// @Attribute(.unique), which CloudKit refuses.
import Foundation
import SwiftData

typealias Note = NotesSchemaV2.Note

enum NotesSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }

    @Model
    final class Note {
        var title: String = ""
        var createdAt: Date = Date.now
        init(title: String) { self.title = title }
    }
}

enum NotesSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
}

extension NotesSchemaV2 {
    @Model
    final class Note {
        @Attribute(.unique) var title: String = ""
        var createdAt: Date = Date.now
        var pinned: Bool = false
        init(title: String) { self.title = title }
    }
}

enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)] }
}
