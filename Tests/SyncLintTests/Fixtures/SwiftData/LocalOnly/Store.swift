// A fixture written for SyncSim: an app that keeps its SwiftData store off
// CloudKit, so its unique attribute loads.
import Foundation
import SwiftData

@Model
final class Bookmark {
    @Attribute(.unique) var url: String = ""
    init(url: String) { self.url = url }
}

let configuration = ModelConfiguration(cloudKitDatabase: .none)
