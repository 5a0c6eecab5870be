import Foundation
import SyncReport
import Testing

/// Issue 41: a file or folder a command was asked to write that cannot be
/// written ends it with status 4 and one line naming the path and why.
/// Before, `--out FILE` printed `NSCocoaErrorDomain error 512` (exit 2).
struct UnwritableFileTests {
    /// Every command that takes `--out` (or `--write-scenarios`), given
    /// `{taken.txt}`, a regular file, or a folder under it.
    static let outFolders: [[String]] = [
        ["--replicas", "2", "--strategies", "lww", "--out", "{taken.txt}", "--quiet"],
        ["run", "{tiny.json5}", "--out", "{taken.txt}", "--quiet"],
        ["run", "{tiny.json5}", "--out", "{taken.txt/below}", "--quiet"],
        ["check", "{tiny.json5}", "--out", "{taken.txt}", "--quiet"],
        ["explore", "{failing.json5}", "--seeds", "1", "--shrink", "--out", "{taken.txt}", "--quiet"],
        ["sweep", "{tiny.json5}", "--vary", "replicas=1,2", "--seeds", "1", "--out", "{taken.txt}", "--quiet"],
        ["sweep", "{tiny.json5}", "--vary", "replicas=1,2", "--seeds", "1", "--shard", "1/2", "--out", "{taken.txt}", "--quiet"],
        ["advise", "{contacts}", "--key", "Contact.email", "--habits", "import", "--seeds", "1", "--presets", "cksyncengine", "--out", "{taken.txt}",
         "--quiet"],
        ["advise", "{contacts}", "--key", "Contact.email", "--habits", "import", "--seeds", "1", "--presets", "cksyncengine",
         "--write-scenarios", "{taken.txt}", "--quiet"],
    ]

    @Test(arguments: outFolders)
    func aFileWhereAFolderIsAskedFor(_ arguments: [String]) async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let output = try await SimulateProcess.run(scratch.arguments(arguments))
        #expect(output.status == SyncReport.ExitStatus.outputFailed.rawValue, "\(arguments)")
        #expect(output.stderr == "simulate: cannot write \(scratch.path("taken.txt")): it is a file, not a folder\n")
        #expect(try String(contentsOfFile: scratch.path("taken.txt"), encoding: .utf8) == "not a folder\n")
    }

    /// `merge --out FILE`, from the parts of a sweep.
    @Test func mergeIntoAFile() async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let parts = scratch.path("parts")
        for shard in ["1/2", "2/2"] {
            let sweep = try await SimulateProcess.run(["sweep", scratch.path("tiny.json5"), "--vary", "replicas=1,2", "--seeds", "1", "--shard", shard,
                                                       "--out", parts, "--quiet"])
            #expect(sweep.status == 0, "\(sweep.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: parts).sorted().map { parts + "/" + $0 }
        let merge = try await SimulateProcess.run(["merge"] + names + ["--out", scratch.path("taken.txt")])
        #expect(merge.status == 4)
        #expect(merge.stderr == "simulate: cannot write \(scratch.path("taken.txt")): it is a file, not a folder\n")
    }

    /// Report files on a full device, or under a regular file.
    static let reportFiles: [(arguments: [String], stderr: String)] = [
        (["check", "{tiny.json5}", "--junit", "/dev/full", "--quiet"], "cannot write /dev/full: No space left on device"),
        (["explore", "{tiny.json5}", "--seeds", "1", "--junit", "/dev/full", "--quiet"], "cannot write /dev/full: No space left on device"),
        (["lint", "{contacts}", "--junit", "/dev/full"], "cannot write /dev/full: No space left on device"),
        (["lint", "{contacts}", "--write-schema", "/dev/full", "--key", "Contact.email"], "cannot write /dev/full: No space left on device"),
        (["check", "{tiny.json5}", "--junit", "{taken.txt/check.xml}", "--quiet"], "cannot write {taken.txt/check.xml}: Not a directory"),
    ]

    @Test(arguments: reportFiles)
    func aReportFileThatCannotBeWritten(_ arguments: [String], _ stderr: String) async throws {
        let scratch = try OutputScratch()
        defer { scratch.remove() }
        let output = try await SimulateProcess.run(scratch.arguments(arguments))
        #expect(output.status == 4, "\(arguments)")
        let message = stderr.replacingOccurrences(of: "{taken.txt/check.xml}", with: scratch.path("taken.txt/check.xml"))
        #expect(output.stderr == "simulate: \(message)\n")
    }
}
