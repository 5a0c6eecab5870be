import Foundation
import SyncModel
import SyncReport
import SyncSimulation

/// The file a sweep shard writes (`sweep-part-K-of-N.json`) and `simulate
/// merge` reads: the plan, and the raw figures of the shard's jobs. Values
/// are written in Swift's shortest round-trip form, so a merged sweep
/// computes from exactly the numbers an unsharded one does.
///
/// A sweep whose strategies run once per variant of the preset adds
/// `variants` after `strategies`, and each job holds one list of figures
/// per run (each strategy, once per variant). A part without variants is
/// written as before, and a part from before variants reads as one without
/// them; a reader from before variants refuses a part with them (its jobs
/// hold more lists than strategies), so no format version changes.
public enum SweepParts {
    /// One part file, as read back.
    public struct Part: Sendable {
        /// The scenario file the sweep ran.
        public let file: String
        /// A digest of the scenario file, so parts of different files are not merged.
        public let fileDigest: String
        /// The version of the tool that ran the jobs; empty for parts written
        /// before versions were recorded.
        public let toolVersion: String
        /// The varied settings.
        public let parameters: [SweepParameter]
        /// The seeds of every point.
        public let seeds: [UInt64]
        /// Which shard this is, from 1.
        public let shard: Int
        /// How many shards the sweep was split into.
        public let shards: Int
        /// The figures of this shard's jobs.
        public let runs: Sweep.Runs
    }

    /// Why a part file could not be read or merged, naming it.
    public struct ReadError: Error, CustomStringConvertible {
        /// The part file.
        public let file: String
        /// What is wrong.
        public let message: String
        /// `FILE: message`.
        public var description: String { "\(file): \(message)" }
    }

    /// The name of shard `shard` of `shards`.
    public static func fileName(shard: Int, of shards: Int) -> String { "sweep-part-\(shard)-of-\(shards).json" }

    /// A digest of the scenario file's bytes: parts of different files never merge.
    public static func digest(_ data: Data) -> String {
        let (high, low) = StableHash.hash128(Array(data))
        return String(high, radix: 16) + String(low, radix: 16)
    }

    /// A shard's part file: its plan and its jobs' figures.
    public static func json(plan: Sweep.Plan, runs: Sweep.Runs, shard: Int, of shards: Int) -> JSONValue {
        .object([
            .init("schemaVersion", .int(Report.schemaVersion)),
            .init("toolVersion", .string(ToolVersion.current)),
            .init("kind", .string("sweep-part")),
            .init("file", .string(plan.file)),
            .init("fileDigest", .string(digest(plan.data))),
            .init("scenario", .string(runs.scenario)),
            .init("parameters", .array(plan.parameters.map { parameter in
                .object([.init("path", .string(parameter.path)), .init("values", .array(parameter.values.map(JSONValue.string)))])
            })),
            .init("seeds", .array(plan.seeds.map { .number(String($0)) })),
            .init("strategies", .array(runs.strategies.map(JSONValue.string))),
        ] + (runs.variants.isEmpty ? [] : [.init("variants", .array(runs.variants.map(JSONValue.string)))]) + [
            .init("metrics", .array(Metric.allCases.map { .string($0.rawValue) })),
            .init("shard", .int(shard)),
            .init("shards", .int(shards)),
            .init("jobs", .array(runs.values.keys.sorted().map { job in
                .object([
                    .init("job", .int(job)),
                    .init("values", .array(runs.values[job]!.map { perRun in
                        .array(perRun.map { $0.map { .number(String($0)) } ?? .null })
                    })),
                ])
            })),
        ])
    }

    /// Reads a part file, refusing one this version cannot merge.
    public static func read(_ path: String) throws(ReadError) -> Part {
        func fail(_ message: String) -> ReadError { ReadError(file: path, message: message) }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], object["kind"] as? String == "sweep-part" else {
            throw fail("not a sweep part (written by simulate sweep --shard)")
        }
        guard let file = object["file"] as? String, let fileDigest = object["fileDigest"] as? String,
              let scenario = object["scenario"] as? String,
              let parameterObjects = object["parameters"] as? [[String: Any]],
              let seeds = (object["seeds"] as? [NSNumber])?.map({ $0.uint64Value }),
              let strategies = object["strategies"] as? [String],
              let metrics = object["metrics"] as? [String],
              let shard = object["shard"] as? Int, let shards = object["shards"] as? Int,
              let jobs = object["jobs"] as? [[String: Any]] else { throw fail("a field is missing or of the wrong kind") }
        guard metrics == Metric.allCases.map(\.rawValue) else { throw fail("written by a version with other metrics") }
        var variants: [String] = []
        if let listed = object["variants"] {
            guard let names = listed as? [String], !names.isEmpty else { throw fail("variants is not a list of names") }
            variants = names
        }
        let runCount = SweepRun.plan(strategies: strategies, variants: variants).count
        var parameters: [SweepParameter] = []
        for parameter in parameterObjects {
            guard let path = parameter["path"] as? String, let values = parameter["values"] as? [String] else { throw fail("a parameter is malformed") }
            parameters.append(SweepParameter(path: path, values: values))
        }
        var values: [Int: [[Double?]]] = [:]
        for job in jobs {
            guard let index = job["job"] as? Int, let perRun = job["values"] as? [[Any]], perRun.count == runCount else {
                throw fail("a job is malformed")
            }
            values[index] = try perRun.map { row throws(ReadError) -> [Double?] in
                guard row.count == metrics.count else { throw fail("a job has the wrong number of figures") }
                return row.map { ($0 as? NSNumber)?.doubleValue }
            }
        }
        return Part(file: file, fileDigest: fileDigest, toolVersion: object["toolVersion"] as? String ?? "", parameters: parameters,
                    seeds: seeds, shard: shard, shards: shards, runs: Sweep.Runs(scenario: scenario, strategies: strategies, variants: variants, values: values))
    }

    /// Combines the parts of one sweep; every shard 1 … N exactly once.
    public static func merge(_ parts: [Part], paths: [String]) throws(ReadError) -> (plan: Sweep.Plan, runs: Sweep.Runs) {
        guard let first = parts.first else { throw ReadError(file: "merge", message: "no parts given") }
        for (part, path) in zip(parts, paths) {
            guard part.file == first.file, part.fileDigest == first.fileDigest, part.parameters == first.parameters,
                  part.seeds == first.seeds, part.runs.strategies == first.runs.strategies, part.runs.variants == first.runs.variants,
                  part.shards == first.shards else {
                throw ReadError(file: path, message: "belongs to another sweep than \(paths[0]) (file, settings, seeds, strategies, variants or shard count differ)")
            }
            guard part.toolVersion == first.toolVersion else {
                func version(_ text: String) -> String { text.isEmpty ? "an unversioned simulate" : "simulate \(text)" }
                throw ReadError(file: path, message: "was written by \(version(part.toolVersion)), \(paths[0]) by \(version(first.toolVersion)); "
                    + "run every shard with one version")
            }
        }
        let shards = parts.map(\.shard).sorted()
        guard shards == Array(1 ... first.shards) else {
            throw ReadError(file: paths[0], message: "the parts hold shards \(shards.map(String.init).joined(separator: ", ")) of \(first.shards); each shard must be given once")
        }
        var values: [Int: [[Double?]]] = [:]
        for part in parts { values.merge(part.runs.values) { existing, _ in existing } }
        let plan = Sweep.Plan(file: first.file, data: Data(), parameters: first.parameters, seeds: first.seeds, strategies: first.runs.strategies)
        guard values.count == plan.jobCount else {
            throw ReadError(file: paths[0], message: "the parts hold \(values.count) of the sweep's \(plan.jobCount) jobs")
        }
        return (plan, Sweep.Runs(scenario: first.runs.scenario, strategies: first.runs.strategies, variants: first.runs.variants, values: values))
    }
}
