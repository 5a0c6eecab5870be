import Foundation
import SyncReport
import Testing

/// Issue 41: no report is lost in silence. With standard output on a full
/// device every command exits 4 with one line on stderr; before, `help`
/// and `lint` crashed (exit 132) and the rest exited 0 with nothing
/// written. A closed pipe ends simulate quietly, by SIGPIPE.
struct FullStandardOutputTests {
    static let diskFull = "simulate: cannot write standard output: No space left on device\n"

    /// Every command, each run small: `{NAME}` is a file of ``OutputScratch``.
    static let commands: [[String]] = [
        ["--replicas", "2", "--strategies", "lww", "--quiet"],
        ["--replicas", "2", "--strategies", "lww", "--format", "json", "--quiet"],
        ["run", "{tiny.json5}", "--quiet"],
        ["run", "{tiny.json5}", "--format", "json", "--quiet"],
        ["check", "{tiny.json5}", "--quiet"],
        ["check", "{tiny.json5}", "--format", "json", "--quiet"],
        ["explore", "{tiny.json5}", "--seeds", "1..2", "--quiet"],
        ["explore", "{tiny.json5}", "--seeds", "1..2", "--format", "json", "--quiet"],
        ["sweep", "{tiny.json5}", "--vary", "replicas=1,2", "--seeds", "1..2", "--quiet"],
        ["sweep", "{tiny.json5}", "--vary", "replicas=1,2", "--seeds", "1..2", "--format", "json", "--quiet"],
        ["race", "--writers", "2", "--trials", "2", "--strategies", "lww"],
        ["lint", "{contacts}"],
        ["lint", "{contacts}", "--format", "json"],
        ["advise", "{contacts}", "--key", "Contact.email", "--habits", "import", "--seeds", "1..2", "--presets", "cksyncengine", "--quiet"],
        ["benchmark", "--records", "200", "--replicas", "2", "--batch", "50"],
        ["help"],
        ["help", "run"],
        ["--help"],
        ["check", "--help"],
        ["--version"],
        ["completions", "bash"],
    ]

    static func fullDevice() throws -> FileHandle {
        try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    }

    @Test(arguments: commands)
    func aFullDeviceExitsFourWithOneLine(_ arguments: [String]) async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let full = try Self.fullDevice()
        defer { try? full.close() }
        let output = try await SimulateProcess.run(scratch.arguments(arguments), standardOutput: full)
        #expect(output.status == SyncReport.ExitStatus.outputFailed.rawValue, "\(arguments)")
        #expect(output.stderr == Self.diskFull)
    }

    /// `merge`, and a shard of a sweep (which prints the line naming the
    /// part it wrote): the files are written, what is printed is lost.
    @Test func mergeAndAShardOfASweep() async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let full = try Self.fullDevice()
        defer { try? full.close() }
        let parts = scratch.path("parts")
        let sweep = scratch.arguments(["sweep", "{tiny.json5}", "--vary", "replicas=1,2", "--seeds", "1..2", "--out", parts, "--quiet"])
        for shard in ["1/2", "2/2"] {
            let output = try await SimulateProcess.run(sweep + ["--shard", shard], standardOutput: full)
            #expect(output.status == 4)
            #expect(output.stderr == Self.diskFull)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: parts).sorted()
        #expect(names.count == 2, "\(names)")
        let merged = scratch.path("merged")
        let merge = try await SimulateProcess.run(["merge"] + names.map { parts + "/" + $0 } + ["--out", merged], standardOutput: full)
        #expect(merge.status == 4)
        #expect(merge.stderr == Self.diskFull)
        #expect(FileManager.default.fileExists(atPath: merged + "/sweep-runs.csv"))
    }

    /// After standard output fails the command still writes the files it
    /// was asked for, so `--junit` reaches CI.
    @Test func theFilesAskedForAreStillWritten() async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let full = try Self.fullDevice()
        defer { try? full.close() }
        let junit = scratch.path("check.xml")
        let output = try await SimulateProcess.run(["check", scratch.path("tiny.json5"), "--junit", junit, "--out", scratch.path("out"), "--quiet"],
                                                   standardOutput: full)
        #expect(output.status == 4)
        #expect(output.stderr == Self.diskFull)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testcase classname=\"tiny\""))
        #expect(FileManager.default.fileExists(atPath: scratch.path("out/tiny/report.json")))
    }

    /// A bad input keeps its status 2: `check` reports the broken file on
    /// stdout (lost), runs the rest and exits 2, naming the lost output.
    @Test func aBrokenFileKeepsStatusTwo() async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        try Data(#"{ name: "broken", steps: [{ at: "10", heal: true }] }"#.utf8).write(to: scratch.folder.appendingPathComponent("broken.json5"))
        let full = try Self.fullDevice()
        defer { try? full.close() }
        let output = try await SimulateProcess.run(["check", scratch.path("broken.json5"), scratch.path("tiny.json5"), "--quiet"], standardOutput: full)
        #expect(output.status == 2)
        #expect(output.stderr == Self.diskFull)
    }

    /// Standard output open for reading only (as with `>&-`, every write
    /// fails with EBADF): the same error, in the system's words.
    @Test func aStandardOutputNotOpenForWriting() async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let closed = try FileHandle(forReadingFrom: URL(fileURLWithPath: scratch.path("tiny.json5")))
        defer { try? closed.close() }
        // Open for reading only, so every write to it fails with EBADF.
        let output = try await SimulateProcess.run(["run", scratch.path("tiny.json5"), "--quiet"], standardOutput: closed)
        #expect(output.status == 4)
        #expect(output.stderr == "simulate: cannot write standard output: Bad file descriptor\n")
    }

    /// Standard error on a full device too: the statuses are the same, and
    /// nothing traps (before, `FileHandle.write` to stderr did: exit 132).
    @Test(arguments: [(["run", "/no/such/file.json5"], Int32(2)), (["help"], Int32(4))])
    func aFullStandardErrorChangesNoStatus(_ arguments: [String], _ status: Int32) async throws {
        let full = try Self.fullDevice()
        defer { try? full.close() }
        let output = try await SimulateProcess.run(arguments, standardOutput: full, standardError: full)
        #expect(output.status == status)
    }

    /// A reader that went away (`simulate help | head -1`): no message,
    /// ended by SIGPIPE as `cat` is (the harness reports a signal N as
    /// -1000 - N), whether or not the parent ignores SIGPIPE.
    @Test func aClosedPipeEndsQuietlyBySIGPIPE() async throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let output = try await SimulateProcess.run(["help"], standardOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        #expect(output.status == -1000 - SIGPIPE)
        #expect(output.stderr == "")
    }
}
