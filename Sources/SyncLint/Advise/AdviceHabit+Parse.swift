import Foundation
import SyncScenarioFile
import SyncSimulation

/// `--habits seeding,import`: the habits a user names, checked.
extension AdviceHabit {
    /// The option the list comes from, as errors name it.
    static let option = "--habits"

    /// The habits `argument` names, comma-separated, in the order given
    /// (the order reports list them in); spaces around a name are allowed.
    /// An unknown name, an empty one or a name given twice is an error
    /// that lists the habits there are.
    public static func list(_ argument: String) throws(AdviceWorkloadError) -> [AdviceHabit] {
        let items = argument.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        switch NameList.values(of: items, named: AdviceHabit.init(rawValue:)) {
        case .success(let habits):
            return habits
        case .failure(.empty):
            throw AdviceWorkloadError(.emptyHabit, option: option, argument: argument, "an empty habit name; habits: \(names)")
        case .failure(.unknown(let name)):
            throw AdviceWorkloadError(.unknownHabit, option: option, argument: argument, "unknown habit '\(Echo.text(name))'; habits: \(names)"
                + Suggestion.didYouMean(name, among: allCases.map(\.rawValue), quote: "'"))
        case .failure(.repeated(let name)):
            throw AdviceWorkloadError(.repeatedHabit, option: option, argument: argument, "names '\(Echo.text(name))' twice; list each habit once")
        }
    }

    /// `seeding, import, …`: every habit's name, in declaration order.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
