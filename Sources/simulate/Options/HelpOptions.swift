import Foundation
import SyncSimulation

/// `simulate help [COMMAND]`: the overview, or the same page as `simulate
/// COMMAND --help`; `simulate help help` (or `--help`), help's own.
struct HelpOptions: CommandOptions {
    var paths: [String] = []
    /// The page to print, once ``validate()`` has read it: the overview's is the built-in scenario's.
    var topic = Command.compare

    static var options: [Option<Self>] { [] }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .help, operands: "[COMMAND]",
        summary: "the overview, or a command's usage, options and an example",
        description: """
            Prints the overview (commands, strategies, engines, presets, exit statuses), or with
            a command's name the same page as 'simulate COMMAND --help'.
            """,
        options: options,
        example: "simulate help check")

    mutating func validate() throws(UsageError) {
        let names = Command.named.map(\.rawValue)
        switch paths.count {
        case 0:
            topic = .compare
        case 1:
            guard let command = Command(word: paths[0]) else {
                throw UsageError(message: "simulate help: unknown command '\(Echo.text(paths[0]))'; commands: \(names.joined(separator: ", "))"
                    + Suggestion.didYouMean(paths[0], among: names))
            }
            topic = command
        default:
            throw UsageError(message: "simulate help takes one command name, such as 'simulate help check'; got '\(Echo.text(paths.joined(separator: " ")))'")
        }
    }

    func run() {
        StandardOutput.write(CommandHelp.text(for: topic))
    }
}
