@testable import SyncSimulation
import Testing

/// Issue 28, item 14: one seed range everywhere, every UInt64, read by one
/// function on the command line and taken by a scenario file's `seed`.
struct SeedsTests {
    typealias T = ScenarioFileTesting

    @Test func aSeedIsDecimalDigitsUpToTheLargestUInt64() {
        #expect(Seeds.parse("0") == 0)
        #expect(Seeds.parse("007") == 7)
        #expect(Seeds.parse("9223372036854775808") == 1 << 63)
        #expect(Seeds.parse("18446744073709551615") == .max)
        for bad in ["", "-1", "+1", " 1", "1 ", "1_000", "0x10", "1e3", "1.0", "18446744073709551616", "٣"] {
            #expect(Seeds.parse(bad) == nil, "accepted '\(bad)'")
        }
        #expect(Seeds.rangeText == "a whole number from 0 to 18446744073709551615")
    }

    @Test func aListIsARangeOrSeedsSeparatedByCommas() {
        #expect(Seeds.parseList("1..3") == [1, 2, 3])
        #expect(Seeds.parseList("5..5") == [5])
        #expect(Seeds.parseList("18446744073709551613..18446744073709551615") == [UInt64.max - 2, UInt64.max - 1, UInt64.max])
        #expect(Seeds.parseList("9,18446744073709551615,0") == [9, UInt64.max, 0])
        #expect(Seeds.parseList("0..99999")?.count == 100_000)
        for bad in ["", "5..1", "1..", "..2", "1..2..3", "0..100000", "1,,2", "1,1", "1,-2", "18446744073709551615..18446744073709551616",
                    "0..18446744073709551615"] {
            #expect(Seeds.parseList(bad) == nil, "accepted '\(bad)'")
        }
    }

    /// A file takes every seed the command line takes, however a JSON5
    /// number spells it.
    @Test(arguments: [("18446744073709551615", UInt64.max), ("0xFFFFFFFFFFFFFFFF", UInt64.max), ("9223372036854775808", 1 << 63),
                      ("0", 0), ("1e3", 1000)])
    func aScenarioFileTakesTheSameSeeds(literal: String, seed: UInt64) throws {
        #expect(try T.parse(T.document("seed: \(literal)")).seed == seed)
    }

    /// The default scenario's figures under a seed above 2^63 are the same
    /// whether the seed comes from the file or from the command line.
    @Test func aLargeSeedInTheFileRunsAsTheSameSeedGivenOutside() throws {
        let text = T.document(#"replicas: 2, seed: 18446744073709551615, steps: [{ at: "0s", on: "all", import: { entity: "User", count: 3 } }]"#)
        let fromFile = try T.parse(text)
        let fromOutside = try T.parse(T.document(#"replicas: 2, steps: [{ at: "0s", on: "all", import: { entity: "User", count: 3 } }]"#),
                                      seed: .max)
        #expect(fromFile.seed == .max && fromOutside.seed == .max)
        let strategy = StrategyCatalog.strategy(named: "lww")!
        let first = try Comparison.run(scenario: fromFile.scenario, strategies: [strategy], seed: fromFile.seed, store: .memory, checksInvariants: true)
        let second = try Comparison.run(scenario: fromOutside.scenario, strategies: [strategy], seed: fromOutside.seed, store: .memory,
                                        checksInvariants: true)
        #expect(first.map(\.duplicates) == second.map(\.duplicates))
        #expect(first.map(\.endMicros) == second.map(\.endMicros))
    }
}
