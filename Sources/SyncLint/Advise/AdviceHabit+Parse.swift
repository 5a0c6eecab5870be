import Foundation

/// `--habits seeding,import`: the habits a user names, checked.
extension AdviceHabit {
    /// The option the list comes from, as errors name it.
    static let option = "--habits"

    /// The habits `argument` names, comma-separated, in the order given
    /// (the order reports list them in); spaces around a name are allowed.
    /// An unknown name, an empty one or a name given twice is an error
    /// that lists the habits there are.
    public static func list(_ argument: String) throws(AdviceWorkloadError) -> [AdviceHabit] {
        var habits: [AdviceHabit] = []
        for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw AdviceWorkloadError(.emptyHabit, option: option, argument: argument, "an empty habit name; habits: \(names)")
            }
            guard let habit = AdviceHabit(rawValue: name) else {
                throw AdviceWorkloadError(.unknownHabit, option: option, argument: argument, "unknown habit '\(name)'; habits: \(names)")
            }
            guard !habits.contains(habit) else {
                throw AdviceWorkloadError(.repeatedHabit, option: option, argument: argument, "names '\(name)' twice; list each habit once")
            }
            habits.append(habit)
        }
        return habits
    }

    /// `seeding, import, …`: every habit's name, in declaration order.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
