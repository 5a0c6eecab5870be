// A fixture written for SyncSim from issue 43's report: a VersionedSchema
// whose models list names four classes, one of which (Trip) relates to a
// fifth @Model class declared in the same extension (Expense). SwiftData
// stores Expense too, so its required attributes fail to load with CloudKit.
import Foundation
import SwiftData

typealias Trip = TripsSchemaV1.Trip

enum TripsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Trip.self, Stop.self, Traveller.self, Photo.self]
    }
}

extension TripsSchemaV1 {
    @Model
    final class Trip {
        var name: String = ""
        var startDate: Date = Date.now
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop]? = []
        @Relationship(inverse: \Traveller.trips) var travellers: [Traveller]? = []
        @Relationship(deleteRule: .cascade, inverse: \Expense.trip) var expenses: [Expense]? = []
        init() {}
    }

    @Model
    final class Stop {
        var name: String = ""
        var trip: Trip?
        @Relationship(deleteRule: .cascade, inverse: \Photo.stop) var photos: [Photo]? = []
        init() {}
    }

    @Model
    final class Traveller {
        var name: String = ""
        var trips: [Trip]? = []
        init() {}
    }

    @Model
    final class Photo {
        var caption: String = ""
        @Attribute(.externalStorage) var data: Data?
        var stop: Stop?
        init() {}
    }

    @Model
    final class Expense {
        var amount: Double
        var currency: String
        var paidAt: Date
        var trip: Trip?
        init(amount: Double, currency: String, paidAt: Date) {
            self.amount = amount
            self.currency = currency
            self.paidAt = paidAt
        }
    }
}
