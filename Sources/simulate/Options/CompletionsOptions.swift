import SyncSimulation

/// `simulate completions bash|zsh|fish`.
struct CompletionsOptions: CommandOptions {
    var paths: [String] = []
    /// The shell named, once ``validate()`` has read it.
    var shell = CompletionScript.Shell.bash

    static var options: [Option<Self>] { [] }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .completions, operands: "bash|zsh|fish",
        summary: "print a completion script for bash, zsh or fish",
        description: """
            Prints a completion script for bash, zsh or fish: the commands, each command's options,
            and the values of those that take a name (strategies, engines, presets, formats,
            stores), read from the tables this help is printed from, so a script never lags the
            binary that wrote it. Load it once per shell:
              bash  source <(simulate completions bash), in ~/.bashrc
              zsh   simulate completions zsh > ~/.zfunc/_simulate, with ~/.zfunc in fpath
                    before compinit runs
              fish  simulate completions fish > ~/.config/fish/completions/simulate.fish
            """,
        options: options,
        example: "simulate completions zsh > ~/.zfunc/_simulate")

    mutating func validate() throws(UsageError) {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard paths.count == 1 else {
            throw UsageError(message: "simulate completions needs one shell: \(shells.joined(separator: ", ")), such as 'simulate completions bash'")
        }
        guard let shell = CompletionScript.Shell(rawValue: paths[0]) else {
            throw UsageError(message: "simulate completions: unknown shell '\(Echo.text(paths[0]))'; shells: \(shells.joined(separator: ", "))"
                + Suggestion.didYouMean(paths[0], among: shells))
        }
        self.shell = shell
    }

    func run() {
        StandardOutput.write(CompletionScript.text(for: shell))
    }
}
