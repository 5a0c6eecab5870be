import SyncExperiments
import Testing

/// Durations are compared with a one-second margin (``AdviceHarm/margin``):
/// SyncSim's sync delays are settings, so tenths of a second between two
/// stacks are a tie; counts are compared with none.
struct AdviseHarmMarginTests {
    static let lower = HarmFigure(mean: 2.1, low: 2.0, high: 2.2, worst: 2.3, worstSeed: 1)
    static let higher = HarmFigure(mean: 2.5, low: 2.4, high: 2.6, worst: 2.7, worstSeed: 1)
    static let muchHigher = HarmFigure(mean: 3.5, low: 3.3, high: 3.7, worst: 3.9, worstSeed: 1)

    static func figures(_ harm: AdviceHarm, _ figure: HarmFigure) -> HarmFigures {
        HarmFigures { $0 == harm ? figure : HarmFigure(mean: 0, low: 0, high: 0, worst: 0, worstSeed: 1) }
    }

    @Test func tenthsOfASecondApartAreATie() {
        #expect(AdviceHarm.divergedSeconds.margin == 1)
        #expect(Self.lower.compared(to: Self.higher) == .better)
        #expect(Self.lower.compared(to: Self.higher, margin: 1) == .tied)
        let a = Self.figures(.divergedSeconds, Self.lower), b = Self.figures(.divergedSeconds, Self.higher)
        #expect(a.compared(to: b, order: AdviceHarm.defaultOrder) == .tied)
        let c = Self.figures(.duplicateSeconds, Self.lower), d = Self.figures(.duplicateSeconds, Self.higher)
        #expect(c.compared(to: d, order: AdviceHarm.defaultOrder) == .tied)
    }

    /// More than a second between the intervals (2.2 to 3.3) is a difference.
    @Test func overASecondApartIsADifference() {
        let a = Self.figures(.divergedSeconds, Self.lower), b = Self.figures(.divergedSeconds, Self.muchHigher)
        #expect(a.compared(to: b, order: AdviceHarm.defaultOrder) == .better(on: .divergedSeconds))
        #expect(b.compared(to: a, order: AdviceHarm.defaultOrder) == .worse(on: .divergedSeconds))
    }

    /// The same numbers as counts differ: a lost write is a lost write.
    @Test func countsHaveNoMargin() {
        for harm in AdviceHarm.allCases where harm != .divergedSeconds && harm != .duplicateSeconds {
            #expect(harm.margin == 0)
            let a = Self.figures(harm, Self.lower), b = Self.figures(harm, Self.higher)
            #expect(a.compared(to: b, order: AdviceHarm.defaultOrder) == .better(on: harm))
        }
    }
}
