import Foundation
import SyncReport
@testable import SyncScenarioFile
import SyncSimulation
import Testing
import TestSupport

/// docs/report-schema.json's metrics are the catalog's: every metric the
/// JSON report writes, at its path, with its JSON type, bounds and
/// description (``MetricSpec/detail``, ``MetricGroup``), required, and
/// the names an expectation may use. Re-recorded on purpose with
/// `SYNCSIM_RECORD_GOLDEN=1 swift test --filter ReportSchemaMetricTests`,
/// never written by hand: a new metric is its spec.
struct ReportSchemaMetricTests {
    static let schemaURL = PackageRoot.url.appendingPathComponent("docs/report-schema.json")

    /// The schema file as one tree, in its own order.
    static func schema() throws -> JSONValue {
        JSONValue(try JSON5Value.document(Data(contentsOf: schemaURL)))
    }

    @Test func theSchemasMetricsAreWrittenFromTheCatalog() throws {
        let found = try Self.schema()
        let written = Self.writingMetrics(into: found)
        if GoldenFile.isRecording {
            try Data(written.rendered().utf8).write(to: Self.schemaURL, options: .atomic)
            return
        }
        let result = found.member(at: ["$defs", "result", "properties"])
        for expected in Metric.schemaProperties {
            #expect(result?.member(at: [expected.key]) == expected.value, """
                docs/report-schema.json's result.\(expected.key) is not what Metric.catalog writes; \
                re-record with SYNCSIM_RECORD_GOLDEN=1 swift test --filter ReportSchemaMetricTests and review the diff
                """)
        }
        #expect(found == written, "docs/report-schema.json differs from the catalog outside the metrics' own entries (required, metric names)")
    }

    /// The schema with every metric's entry, the required keys and the
    /// metric names an expectation may use written from the catalog;
    /// everything else as it was, a new metric after the one before it.
    static func writingMetrics(into schema: JSONValue) -> JSONValue {
        var schema = schema
        schema.update(at: ["$defs", "result", "properties"]) { properties in
            guard case .object(var members) = properties else { return }
            var previous: Int?
            for member in Metric.schemaProperties {
                if let index = members.firstIndex(where: { $0.key == member.key }) {
                    members[index] = member
                    previous = index
                } else {
                    let index = previous.map { $0 + 1 } ?? members.count
                    members.insert(member, at: index)
                    previous = index
                }
            }
            properties = .object(members)
        }
        schema.update(at: ["$defs", "result", "required"]) { required in
            guard case .array(var keys) = required else { return }
            var previous: Int?
            for key in Metric.schemaKeys {
                if let index = keys.firstIndex(of: .string(key)) {
                    previous = index
                } else {
                    let index = previous.map { $0 + 1 } ?? keys.count
                    keys.insert(.string(key), at: index)
                    previous = index
                }
            }
            required = .array(keys)
        }
        schema.update(at: ["$defs", "expectation", "properties", "metric", "enum"]) { names in
            names = .array(Metric.allCases.map { .string($0.rawValue) })
        }
        return schema
    }
}

extension JSONValue {
    /// A JSON5 tree as JSON: a whole number as an integer, every other
    /// number as its text.
    init(_ value: JSON5Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = Int64(text).map(JSONValue.int) ?? .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.map { .init($0.key, JSONValue($0.value)) })
        }
    }

    /// The value at `path`, a key per level.
    func member(at path: [String]) -> JSONValue? {
        guard let key = path.first else { return self }
        guard case .object(let members) = self, let child = members.first(where: { $0.key == key }) else { return nil }
        return child.value.member(at: Array(path.dropFirst()))
    }

    /// Changes the value at `path`, which must exist.
    mutating func update(at path: [String], _ change: (inout JSONValue) -> Void) {
        guard let key = path.first else { return change(&self) }
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else {
            preconditionFailure("no \(key) in the schema")
        }
        var child = members[index].value
        child.update(at: Array(path.dropFirst()), change)
        members[index] = .init(key, child)
        self = .object(members)
    }
}
