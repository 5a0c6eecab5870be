/// One choice a developer could ship (a preset, its variant and a
/// strategy) with its runs under each habit.
///
/// The ranking knows the option only by its place in a list; ``id`` is
/// the caller's name for it, carried along so that figures never lose
/// track of whose they are.
public struct AdviceOption: Hashable, Sendable {
    /// The caller's identity for the option, such as
    /// `cksyncengine/keyid`; unique among the options ranked together.
    public let id: String
    /// The runs under each habit, in the caller's habit order (the order
    /// reports list habits in, and the order ties between habits go by).
    public let habits: [AdviceHabitRuns]

    /// An option with its runs; each habit appears once.
    public init(id: String, habits: [AdviceHabitRuns]) {
        precondition(!habits.isEmpty, "option \(id): runs under at least one habit")
        let names = habits.map(\.habit)
        precondition(Set(names).count == names.count, "option \(id): each habit once, not \(names)")
        self.id = id
        self.habits = habits
    }

    /// The runs under `habit`, nil when the option was not run under it.
    public func runs(habit: String) -> AdviceHabitRuns? {
        habits.first { $0.habit == habit }
    }
}
