import Foundation
import SwiftData

/// People are identified by their full name.
@Model
final class Person {
    #Unique<Person>([\.givenName, \.familyName])
    #Index<Person>([\.familyName])

    var givenName: String = ""
    var familyName: String = ""
    var mentor: Person?
    var reviews: [Review]?
    @Clamped(0 ... 5) var rating: Int = 0
    var nickname = "none"

    init(givenName: String, familyName: String) {
        self.givenName = givenName
        self.familyName = familyName
    }
}

@Model
final class Review {
    var text: String = ""
    var reviewer: Person?
    var subject: Person?

    init(text: String) {
        self.text = text
    }
}
