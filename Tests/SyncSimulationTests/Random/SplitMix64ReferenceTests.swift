import SyncSimulation
import Testing

/// SplitMix64 seeds every generator, so its outputs are pinned to the
/// reference C code (Vigna's `splitmix64.c`).
struct SplitMix64ReferenceTests {
    @Test func seed1234567MatchesTheReferenceCode() {
        var generator = SplitMix64(seed: 1_234_567)
        let outputs = (0 ..< 5).map { _ in generator.next() }
        #expect(outputs == [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ])
    }

    @Test func stateAdvancesByTheGoldenGamma() {
        var generator = SplitMix64(seed: 0)
        _ = generator.next()
        _ = generator.next()
        #expect(generator.state == 0x9e37_79b9_7f4a_7c15 &* 2)
    }
}
