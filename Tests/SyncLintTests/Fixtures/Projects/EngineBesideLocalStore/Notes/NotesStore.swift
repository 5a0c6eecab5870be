import SwiftData

/// The notes are kept in a local store; NoteSync sends them to CloudKit itself.
enum NotesStore {
    static let schema = Schema([Note.self])
    static let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
    static let container = try! ModelContainer(for: schema, configurations: [configuration])
}
