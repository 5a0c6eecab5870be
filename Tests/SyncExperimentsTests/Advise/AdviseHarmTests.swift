import SyncExperiments
import Testing

/// The harms' names and order, and `--rank` parsing.
struct AdviseHarmTests {
    static let allNames = "lostWrites, copiesLost, diverged, divergedSeconds, duplicatesPeak, duplicateSeconds, resurrected, dangling, messages"

    /// The JSON keys issue 32 lists, in its order of harm.
    @Test func theDefaultOrderIsTheIssuesOrderOfHarm() {
        #expect(AdviceHarm.defaultOrder.map(\.jsonName) == [
            "lostWrites", "copiesLost", "diverged", "divergedSeconds", "duplicatesPeak", "duplicateSeconds", "resurrected", "dangling",
            "messages",
        ])
    }

    /// Labels follow "beats Y on" and tell every harm apart in a table.
    @Test func labelsReadInASentenceAndDiffer() {
        #expect(AdviceHarm.lostWrites.label == "lost writes")
        #expect(AdviceHarm.duplicateSeconds.label == "duplicate-seconds")
        #expect(Set(AdviceHarm.allCases.map(\.label)).count == AdviceHarm.allCases.count)
        #expect(AdviceHarm.allCases.allSatisfy { !$0.unit.isEmpty })
    }

    @Test func aRankListNamesASubsetFirstAndTheRestFollowInDefaultOrder() throws {
        #expect(try AdviceHarm.rankOrder(parsing: "duplicatesPeak,lostWrites") == [
            .duplicatesPeak, .lostWrites, .copiesLost, .diverged, .divergedSeconds, .duplicateSeconds, .resurrected, .dangling, .messages,
        ])
        #expect(try AdviceHarm.rankOrder(parsing: "lostWrites") == AdviceHarm.defaultOrder)
    }

    @Test func aFullRankListIsTakenAsGivenAndSpacesAreIgnored() throws {
        let reversed = AdviceHarm.defaultOrder.reversed().map(\.rawValue).joined(separator: " , ")
        #expect(try AdviceHarm.rankOrder(parsing: reversed) == AdviceHarm.defaultOrder.reversed())
        #expect(try AdviceHarm.rankOrder(parsing: " messages ").first == .messages)
    }

    @Test func anUnknownHarmListsTheValidNames() {
        let error = Self.error("lostWrites,lostWrite")
        #expect(error?.code == .unknownHarm)
        #expect(error?.description == "--rank lostWrites,lostWrite: unknown harm 'lostWrite'; harms: \(Self.allNames); did you mean 'lostWrites'?")
    }

    /// Names match exactly, as JSON keys do; a wrong case gets a hint.
    @Test func aWronglyCasedHarmIsUnknownWithAHint() {
        #expect(Self.error("lostwrites")?.description
            == "--rank lostwrites: unknown harm 'lostwrites'; harms: \(Self.allNames); did you mean 'lostWrites'?")
    }

    @Test func aRepeatedHarmIsAnError() {
        let error = Self.error("dangling,lostWrites,dangling")
        #expect(error?.code == .repeatedHarm)
        #expect(error?.description == "--rank dangling,lostWrites,dangling: 'dangling' is named twice; name each harm at most once")
    }

    @Test(arguments: ["", "lostWrites,", "lostWrites,,dangling", " "])
    func anEmptyNameIsAnError(argument: String) {
        let error = Self.error(argument)
        #expect(error?.code == .emptyName)
        #expect(error?.message == "a harm name is empty; give harm names separated by commas: \(Self.allNames)")
    }

    /// The error `--rank argument` gives, nil when it parses.
    static func error(_ argument: String) -> AdviceRankError? {
        do {
            _ = try AdviceHarm.rankOrder(parsing: argument)
            return nil
        } catch {
            return error
        }
    }
}
