// Written for SyncSim's advise tests. It reproduces the constructs met in a
// real SwiftData + CloudKit app, appdecentral/incites (@bb67f37, Drew
// McCormack's sample for Do iOS 2023), without copying it: models nested in
// a VersionedSchema and reached through a typealias, a seeded "all" folder
// found by a string that backs a computed enum, a deprecated `id` string
// beside a `uniqueId` UUID, `let` stored properties, and to-many
// relationships declared as implicitly unwrapped arrays.
import Foundation
import SwiftData

enum NotesSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Folder.self, Card.self]
    }

    @Model
    final class Folder {
        enum Kind: String {
            case user
            case all
        }

        var id: String = "" // Deprecated: uniqueId replaced it
        var uniqueId: UUID = UUID()
        var kindString: String = Kind.user.rawValue
        var kind: Kind {
            get { Kind(rawValue: kindString)! }
            set { kindString = newValue.rawValue }
        }
        var label: String = ""
        @Relationship(deleteRule: .nullify) var cards: [Card]! = []

        init() {}
    }

    @Model
    final class Card: Identifiable {
        let id: UUID = UUID()
        let createdAt: Date = Date.now
        var text: String = ""
        @Relationship(deleteRule: .nullify, inverse: \Folder.cards) var folders: [Folder]! = []

        init() {}
    }
}

typealias Folder = NotesSchemaV2.Folder
typealias Card = NotesSchemaV2.Card
