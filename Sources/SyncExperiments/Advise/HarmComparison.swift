/// How one option's figure for a harm compares with another's: lower harm
/// is better.
public enum HarmComparison: Hashable, Sendable {
    /// The whole 95% interval lies below the other's: less harm.
    case better
    /// The whole 95% interval lies above the other's: more harm.
    case worse
    /// The intervals overlap or touch: the runs do not tell the two apart.
    case tied

    /// The comparison seen from the other side.
    public var reversed: HarmComparison {
        switch self {
        case .better: .worse
        case .worse: .better
        case .tied: .tied
        }
    }
}

extension HarmFigure {
    /// Whether this figure shows less, more or indistinguishable harm than
    /// `other`: a difference is claimed only when the two 95% intervals do
    /// not overlap (`high < other.low` is better).
    ///
    /// Issue 32 asks advise never to claim a difference the intervals do
    /// not support. Disjoint 95% intervals are a stricter test than a
    /// two-sample t test at 5% (two intervals may overlap a little while
    /// the difference of means is still significant), so this rule is
    /// conservative: it may call a real difference a tie, and then more
    /// seeds narrow the intervals, but it does not rank on noise. Intervals
    /// that only touch (`high == other.low`) share a value and are tied;
    /// so are equal intervals, including two exact zeros.
    ///
    /// `margin` widens the test: the intervals must lie more than `margin`
    /// apart (``AdviceHarm/margin``, for durations the engines' timing
    /// settings decide rather than any measurement).
    public func compared(to other: HarmFigure, margin: Double = 0) -> HarmComparison {
        if high + margin < other.low { return .better }
        if other.high + margin < low { return .worse }
        return .tied
    }
}
