/// How one option compares with another over an ordered list of harms,
/// and which harm decided it.
///
/// The deciding harm is what lets a report say "X beats Y on lost writes";
/// a tie carries none, because no harm told the options apart.
public enum OptionComparison: Hashable, Sendable {
    /// Less harm on the deciding harm, tied on every harm before it.
    case better(on: AdviceHarm)
    /// More harm on the deciding harm, tied on every harm before it.
    case worse(on: AdviceHarm)
    /// Tied on every harm compared.
    case tied

    /// Better, worse or tied, without the harm.
    public var outcome: HarmComparison {
        switch self {
        case .better: .better
        case .worse: .worse
        case .tied: .tied
        }
    }

    /// The harm that decided, nil for a tie.
    public var decidingHarm: AdviceHarm? {
        switch self {
        case .better(let harm), .worse(let harm): harm
        case .tied: nil
        }
    }
}

extension HarmFigures {
    /// Lexicographic comparison over `order`: the first harm on which the
    /// intervals tell the options apart decides (``HarmFigure/compared(to:)``);
    /// tied on every harm, they are tied.
    ///
    /// This is how issue 32 ranks: a harm later in the order matters only
    /// between options the earlier harms cannot separate, so no amount of
    /// saved messages buys back a lost write. `order` is usually
    /// ``AdviceHarm/defaultOrder`` or a `--rank` list
    /// (``AdviceHarm/rankOrder(parsing:)``); it may hold fewer harms, never
    /// one twice.
    public func compared(to other: HarmFigures, order: [AdviceHarm]) -> OptionComparison {
        precondition(Set(order).count == order.count, "each harm at most once in a ranking order: \(order.map(\.rawValue))")
        for harm in order {
            switch self[harm].compared(to: other[harm], margin: harm.margin) {
            case .better: return .better(on: harm)
            case .worse: return .worse(on: harm)
            case .tied: continue
            }
        }
        return .tied
    }
}
