import Foundation

/// The machine a benchmark ran on, so that its figures can be compared
/// with another's: rates mean little without the CPU and the build.
public struct MachineDescription: Hashable, Sendable {
    /// The CPU's model name (`/proc/cpuinfo`, or `sysctl` on Darwin);
    /// `unknown` where neither says.
    public let cpu: String
    /// Logical cores the process may run on.
    public let cores: Int
    /// Physical memory, in bytes.
    public let memoryBytes: UInt64
    /// The operating system's own version string.
    public let os: String
    /// The Swift compiler that built this program, major and minor.
    public let swift: String

    /// Describes a machine from figures already known; ``current()`` reads this one's.
    public init(cpu: String, cores: Int, memoryBytes: UInt64, os: String, swift: String) {
        self.cpu = cpu
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.os = os
        self.swift = swift
    }

    /// This machine, and the compiler this code was built with.
    public static func current() -> MachineDescription {
        let process = ProcessInfo.processInfo
        return MachineDescription(cpu: cpuModel() ?? "unknown", cores: process.activeProcessorCount,
                                  memoryBytes: process.physicalMemory, os: process.operatingSystemVersionString,
                                  swift: compilerVersion)
    }

    /// The first `model name` in `/proc/cpuinfo`; `machdep.cpu.brand_string` on Darwin.
    static func cpuModel() -> String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 1 else { return nil }
        var bytes = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !model.isEmpty { return model }
        }
        return nil
        #endif
    }

    /// The compiler's version as far as `#if compiler` can tell it.
    static var compilerVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }
}

/// How this code was compiled: figures from a debug build (no
/// optimisation, every invariant check on) are not the ones to quote.
public enum BuildConfiguration: String, Sendable {
    case debug, release

    /// How this code was compiled: `debug` when `DEBUG` is defined, else `release`.
    public static var current: BuildConfiguration {
        #if DEBUG
        return .debug
        #else
        return .release
        #endif
    }
}
