import SyncSimulation
import Testing

/// "Did you mean": the edit distance, and which name is close enough.
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("lww", "lww", 0),
        ("kitten", "sitting", 3), ("lwww", "lww", 1), ("equal", "equals", 1),
        // A swap of neighbours is one edit, not two.
        ("dorp", "drop", 1), ("hael", "heal", 1),
        // No part is edited twice (optimal string alignment): `ca` → `abc` is 3.
        ("ca", "abc", 3),
        // Characters, not bytes: an accented letter is one.
        ("café", "cafe", 1), ("µs", "us", 1),
    ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.distance(a, b) == expected)
        #expect(Suggestion.distance(b, a) == expected, "symmetric")
    }

    @Test func theClosestNameWithinAThirdOfTheWord() {
        let strategies = ["unique:error", "lww", "dedupe", "crdt", "lww:field"]
        #expect(Suggestion.closest(to: "lwww", among: strategies) == "lww")
        #expect(Suggestion.closest(to: "crtd", among: strategies) == "crdt")
        #expect(Suggestion.closest(to: "dedup", among: strategies) == "dedupe")
        // Case aside: LWW is lww.
        #expect(Suggestion.closest(to: "LWW", among: strategies) == "lww")
        // At most max(1, length / 3) edits: `replica` (7 letters) allows 2.
        #expect(Suggestion.closest(to: "replica", among: ["replicas"]) == "replicas")
        #expect(Suggestion.closest(to: "rplca", among: ["replicas"]) == nil)
        // A short word allows one.
        #expect(Suggestion.closest(to: "ab", among: ["abc"]) == "abc")
        #expect(Suggestion.closest(to: "ab", among: ["abcd"]) == nil)
        #expect(Suggestion.closest(to: "zzzz", among: strategies) == nil)
        #expect(Suggestion.closest(to: "", among: ["a"]) == nil)
        #expect(Suggestion.closest(to: "lww", among: []) == nil)
    }

    @Test func aTieGoesToTheNameListedFirst() {
        #expect(Suggestion.closest(to: "cat", among: ["bat", "hat", "cart"]) == "bat")
        #expect(Suggestion.closest(to: "cat", among: ["hat", "bat", "cart"]) == "hat")
        // A closer name later in the list still wins.
        #expect(Suggestion.closest(to: "cat", among: ["bat", "cat"]) == "cat")
    }

    @Test func aHugeWordIsRefusedWithoutMeasuring() {
        let pasted = String(repeating: "x", count: 100_000)
        #expect(Suggestion.closest(to: pasted, among: ["network", "sync"]) == nil)
    }

    @Test func theClauseEndsAnError() {
        #expect(Suggestion.didYouMean("lwww", among: ["lww"]) == "; did you mean lww?")
        #expect(Suggestion.didYouMean("equal", among: ["equals"], quote: "'") == "; did you mean 'equals'?")
        #expect(Suggestion.didYouMean("zzz", among: ["lww"]) == "")
    }
}
