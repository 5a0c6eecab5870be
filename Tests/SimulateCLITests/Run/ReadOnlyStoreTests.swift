import Foundation
import Testing

/// A database file that cannot be written gives one clear error naming it.
/// Root ignores file permissions, so when the tests run as root the binary
/// is run as `nobody` (through `runuser`); elsewhere as the current user.
struct ReadOnlyStoreTests {
    @Test func aReadOnlyDatabaseFileIsNamedInTheError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-readonly-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        let binary = try SimulateProcess.locate()
        // A copy anyone may run: the build folder may not be readable by nobody.
        let runnable = directory.appendingPathComponent("simulate")
        try FileManager.default.copyItem(at: binary, to: runnable)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runnable.path)

        let store = "sqlite:\(directory.path)"
        let arguments = ["--store", store, "--strategies", "lww", "--replicas", "2"]
        #expect(try run(runnable, arguments, asNobody: false).status == 0)
        let file = directory.appendingPathComponent("default/seed-1/lww/r1.sqlite").path
        // The run's folders stay writable (its lock files go there); only the databases are read-only.
        for folder in ["default", "default/seed-1", "default/seed-1/lww"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.appendingPathComponent(folder).path)
        }
        for name in ["default/seed-1/lww/r1.sqlite", "default/seed-1/lww/r2.sqlite"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory.appendingPathComponent(name).path)
        }
        let asRoot = getuid() == 0
        guard !asRoot || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else {
            // Root without runuser cannot be refused a write; nothing to show.
            return
        }
        let refused = try run(runnable, arguments, asNobody: asRoot)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("simulate: cannot open a store: \(file): attempt to write a readonly database"), "\(refused.stderr)")
    }

    private func run(_ executable: URL, _ arguments: [String], asNobody: Bool) throws -> (status: Int32, stderr: String) {
        var attempt = 0
        while true {
            let process = Process()
            if asNobody {
                process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
                process.arguments = ["-u", "nobody", "--", executable.path] + arguments
            } else {
                process.executableURL = executable
                process.arguments = arguments
            }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch let error as NSError where Self.isTextFileBusy(error) && attempt < 100 {
                // Other tests in this process spawn children at the same time; a
                // child forked while the copy above still had the binary open for
                // writing holds that descriptor until it execs, and until then the
                // kernel refuses to run the copy ("Text file busy"). The window is
                // milliseconds, so a short wait clears it; Go's os/exec tests retry
                // the same way (golang/go#22315). A fresh Process each time: one
                // that failed to launch is not launched again.
                attempt += 1
                usleep(50_000)
                continue
            }
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return isTextFileBusy(underlying)
    }
}
