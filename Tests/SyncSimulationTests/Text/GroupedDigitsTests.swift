import SyncSimulation
import Testing

/// Numbers for people, grouped by thousands, a sign kept in front.
struct GroupedDigitsTests {
    @Test func groupsByThousandsWithTheSignInFront() {
        #expect(GroupedDigits.text(0) == "0")
        #expect(GroupedDigits.text(999) == "999")
        #expect(GroupedDigits.text(99_928) == "99,928")
        #expect(GroupedDigits.text(1_234_567) == "1,234,567")
        #expect(GroupedDigits.text(-123) == "-123")
        #expect(GroupedDigits.text(-123_456) == "-123,456")
        #expect(GroupedDigits.text(digits: "-1000") == "-1,000")
    }
}
