/// Why a setting of advise's workload (`--habits`, `--devices`,
/// `--offline`, `--drop`) cannot be used: the command line exits with
/// status 2 for it.
public struct AdviceWorkloadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for a test or a caller to tell cases apart.
    public enum Code: String, Sendable {
        case unknownHabit, emptyHabit, repeatedHabit, habitNotPossible, deviceCount, offlineDuration, dropProbability
    }

    /// What kind of mistake it is.
    public let code: Code
    /// The option it is about, such as `--habits`.
    public let option: String
    /// The option's value as given, such as `import,seed`.
    public let argument: String
    /// For a person: what is wrong and what is allowed.
    public let message: String

    /// An error about `option`'s value `argument`.
    public init(_ code: Code, option: String, argument: String, _ message: String) {
        self.code = code
        self.option = option
        self.argument = argument
        self.message = message
    }

    /// `--habits import,seed: unknown habit 'seed'; habits: …`
    public var description: String { "\(option) \(argument): \(message)" }
}
