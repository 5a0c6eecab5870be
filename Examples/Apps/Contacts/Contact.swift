// A contacts app, written for SyncSim's `simulate advise` examples
// (Reports/advise/contacts). SwiftData with a CloudKit database, so no
// attribute is unique (CloudKit refuses it; seed 002): advise is told the
// natural key with --key Contact.email.
import Foundation
import SwiftData

@Model
final class Contact {
    var email: String = ""
    var name: String = ""
    var phone: String = ""
    var city: String = ""
    var updatedAt: Date = Date.now

    init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}
