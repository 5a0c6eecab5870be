import Foundation
import SyncReport
import SyncScenarioFile
import SyncSimulation

/// Prints a one-line error and exits with status 2 (bad usage or input).
func exitWithUsageError(_ message: String) -> Never {
    StandardError.report(message)
    StandardOutput.exit(ExitStatus.badInput.rawValue)
}

/// Prints a broken invariant with the command that replays it and exits
/// with status 3: the simulator's own state is inconsistent (a SyncSim bug).
func exitWithInvariantViolation(_ violation: InvariantViolation, replay: ReplayCommand) -> Never {
    StandardError.report("\(violation)\n  replay: \(replay)")
    StandardOutput.exit(ExitStatus.invariantBroken.rawValue)
}

let parsed: ParsedCommandLine
do {
    parsed = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    exitWithUsageError(error.message)
}

switch parsed {
case .help(let command):
    StandardOutput.write(CommandHelp.text(for: command))
case .version:
    StandardOutput.writeLine("simulate \(ToolVersion.current)")
case .command(let options):
    options.run()
}
StandardOutput.exit(ExitStatus.passed.rawValue)
