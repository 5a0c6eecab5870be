import SyncScenarioFile
import Testing

/// ``NameList``: the one check behind `--strategies`, `--habits` and `--rank`.
struct NameListTests {
    static func values(_ items: [String]) -> Result<[Int], NameList.Problem> {
        NameList.values(of: items) { ["one": 1, "two": 2, "three": 3][$0] }
    }

    @Test func namesGiveTheirValuesInTheOrderGiven() {
        #expect(Self.values(["three", "one"]) == .success([3, 1]))
        #expect(Self.values([]) == .success([]))
    }

    @Test func theFirstProblemMetIsTheOneReported() {
        #expect(Self.values(["one", "", "four"]) == .failure(.empty))
        #expect(Self.values(["one", "four", ""]) == .failure(.unknown("four")))
        #expect(Self.values(["two", "one", "two", "four"]) == .failure(.repeated("two")))
    }
}
