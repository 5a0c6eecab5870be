import CoreData

struct Persistence {
    static let shared = Persistence()
    let container: NSPersistentCloudKitContainer

    init() {
        container = NSPersistentCloudKitContainer(name: "Model")
        container.loadPersistentStores { _, error in
            if let error { fatalError("\(error)") }
        }
    }
}
