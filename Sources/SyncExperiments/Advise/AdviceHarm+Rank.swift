import SyncScenarioFile
import SyncSimulation

extension AdviceHarm {
    /// The ranking order a `--rank` argument asks for: the harms it names,
    /// in its order, then every harm it leaves out, in the default order.
    ///
    /// A user who cares most about duplicates writes `--rank duplicatesPeak`
    /// and need not restate the other eight; the result always holds every
    /// harm once, so two options are compared on all of them. Spaces around
    /// a name are ignored (`"lostWrites, dangling"` from a quoted argument);
    /// names are the JSON keys, matched exactly.
    public static func rankOrder(parsing argument: String) throws(AdviceRankError) -> [AdviceHarm] {
        let items = argument.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        let named: [AdviceHarm]
        switch NameList.values(of: items, named: AdviceHarm.init(rawValue:)) {
        case .success(let harms):
            named = harms
        case .failure(.empty):
            throw AdviceRankError(.emptyName, argument: argument, "a harm name is empty; give harm names separated by commas: \(validNames)")
        case .failure(.unknown(let name)):
            throw AdviceRankError(.unknownHarm, argument: argument, "unknown harm '\(Echo.text(name))'; harms: \(validNames)"
                + Suggestion.didYouMean(name, among: allCases.map(\.rawValue), quote: "'"))
        case .failure(.repeated(let name)):
            throw AdviceRankError(.repeatedHarm, argument: argument, "'\(Echo.text(name))' is named twice; name each harm at most once")
        }
        return named + defaultOrder.filter { !named.contains($0) }
    }

    /// Every harm's name, in the default order, for an error message.
    private static var validNames: String { defaultOrder.map(\.rawValue).joined(separator: ", ") }
}

extension Substring {
    /// The text without leading or trailing spaces or tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
