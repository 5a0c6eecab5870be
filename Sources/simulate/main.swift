import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// Prints a one-line error and exits with status 2 (bad usage or input).
func exitWithUsageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("simulate: \(message)\n".utf8))
    exit(ExitStatus.badInput.rawValue)
}

/// Prints a broken invariant with the command that replays it and exits
/// with status 3: the simulator's own state is inconsistent (a SyncSim bug).
func exitWithInvariantViolation(_ violation: InvariantViolation, replay: ReplayCommand) -> Never {
    FileHandle.standardError.write(Data("simulate: \(violation)\n  replay: \(replay)\n".utf8))
    exit(ExitStatus.invariantBroken.rawValue)
}

let parsed: ParsedCommandLine
do {
    parsed = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    exitWithUsageError(error.message)
}

switch parsed {
case .help(let command):
    FileHandle.standardOutput.write(Data(CommandHelp.text(for: command).utf8))
case .version:
    print("simulate \(ToolVersion.current)")
case .command(let options):
    options.run()
}
exit(0)
