import Foundation
@testable import simulate
import Testing

/// `simulate completions bash|zsh|fish`: scripts read from the help tables,
/// which each shell can read.
struct CompletionsCommandTests {
    /// Every command a user types, and every option of any command.
    static var commandNames: [String] { Command.named.map(\.rawValue) }
    static var optionNames: [String] { Array(Set(CommandHelp.all.flatMap(\.acceptedOptions).map(\.name))).sorted() }

    /// The path of `shell`, or nil when it is not installed.
    static func path(of shell: String) -> String? {
        ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(shell)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments`; its status and what it printed.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    /// The script in a file of its own, for a shell to read.
    static func scriptFile(_ shell: String) async throws -> URL {
        let output = try await SimulateProcess.run(["completions", shell])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-completion-\(UUID().uuidString).\(shell)")
        try output.stdoutData.write(to: file)
        return file
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCommandAndOptionIsInTheScript(_ shell: CompletionScript.Shell) async throws {
        let output = try await SimulateProcess.run(["completions", shell.rawValue])
        #expect(output.status == 0)
        #expect(output.stdout == CompletionScript.text(for: shell))
        let script = output.stdout
        for command in Self.commandNames {
            #expect(script.contains(command), "no \(command) in the \(shell) script")
        }
        for option in Self.optionNames {
            // fish names a long option without its dashes: `-l seed`.
            let spelling = shell == .fish ? "-l \(option.dropFirst(2)) " : option
            #expect(script.contains(spelling), "no \(option) in the \(shell) script")
        }
        for name in ["lww", "crdt", "unique:error", "cloudkit", "sqlitedata", "markdown", "sarif"] {
            // zsh's _values reads a colon in a name escaped.
            let spelling = shell == .zsh ? name.replacingOccurrences(of: ":", with: "\\:") : name
            #expect(script.contains(spelling), "no \(name) in the \(shell) script")
        }
        #expect(script.hasPrefix(shell == .zsh ? "#compdef simulate\n" : "# \(shell.rawValue) completion for simulate "))
    }

    @Test func bashReadsItsScript() async throws {
        let bash = try #require(Self.path(of: "bash"), "bash is needed to check the bash script")
        let file = try await Self.scriptFile("bash")
        defer { try? FileManager.default.removeItem(at: file) }
        let parsed = try Self.run(bash, ["-n", file.path])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(parsed.output == "")
    }

    /// The bash function completes as a user would see it.
    @Test func bashCompletes() async throws {
        let bash = try #require(Self.path(of: "bash"))
        let file = try await Self.scriptFile("bash")
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
        source '\(file.path)'
        COMP_WORDBREAKS=$' \\t\\n"\\'><=;|&(:'
        complete_line() { COMP_LINE=$1; COMP_POINT=${#1}; COMPREPLY=(); _simulate; echo "${COMPREPLY[*]}"; }
        complete_line 'simulate r'
        complete_line 'simulate --rep'
        complete_line 'simulate --strategies lw'
        complete_line 'simulate --strategies unique:o'
        complete_line 'simulate run --strategies lww,cr'
        complete_line 'simulate check --format '
        complete_line 'simulate lint --format=s'
        complete_line 'simulate completions '
        complete_line 'simulate help ch'
        complete_line 'simulate sweep --vary '
        """
        let result = try Self.run(bash, ["-c", probe])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "run race", "--replicas", "lww lww:field", "objectTrump overwrite", "lww,crdt", "table json", "sarif", "bash zsh fish", "check", "", "",
        ])
    }

    /// zsh and fish may not be installed: their checks need them.
    @Test(arguments: [("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func otherShellsReadTheirScripts(_ shell: String, _ check: [String]) async throws {
        guard let executable = Self.path(of: shell) else { return }
        let file = try await Self.scriptFile(shell)
        defer { try? FileManager.default.removeItem(at: file) }
        let parsed = try Self.run(executable, check + [file.path])
        #expect(parsed.status == 0, "\(shell): \(parsed.output)")
        #expect(parsed.output == "")
    }

    @Test func aShellIsNeeded() async throws {
        let none = try await SimulateProcess.run(["completions"])
        #expect(none.status == 2)
        #expect(none.stderr == "simulate: simulate completions needs one shell: bash, zsh, fish, such as 'simulate completions bash'\n")
        let other = try await SimulateProcess.run(["completions", "powershell"])
        #expect(other.status == 2)
        #expect(other.stderr == "simulate: simulate completions: unknown shell 'powershell'; shells: bash, zsh, fish\n")
    }
}
