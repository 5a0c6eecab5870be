import SyncReport

/// SARIF 2.1.0 (OASIS), the static-analysis log GitHub code scanning
/// uploads: one run, its tool's rules, a result per finding.
extension LintResult {
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Every rule, in declaration order: a result's `ruleIndex` points here.
    static let sarifRules = LintRule.allCases

    /// What `simulate lint --format sarif` prints. Results follow the
    /// reports' order and each report's finding order, so the log is the
    /// same bytes on every run.
    public func sarif() -> JSONValue {
        .object([
            .init("$schema", .string(Self.sarifSchema)),
            .init("version", .string("2.1.0")),
            .init("runs", .array([
                .object([
                    .init("tool", .object([.init("driver", Self.sarifDriver)])),
                    .init("results", .array(reports.flatMap(\.findings).map { $0.sarifResult() })),
                ]),
            ])),
        ])
    }

    /// The tool. No `informationUri`: SyncSim names no public home
    /// (README), and SARIF makes it optional.
    static var sarifDriver: JSONValue {
        .object([
            .init("name", .string("SyncSim lint")),
            .init("version", .string(ToolVersion.current)),
            .init("rules", .array(sarifRules.map { rule in
                .object([
                    .init("id", .string(rule.rawValue)),
                    .init("shortDescription", .object([.init("text", .string(rule.summary))])),
                    .init("help", .object([.init("text", .string("Sources and details: \(rule.documentation) in SyncSim."))])),
                    .init("defaultConfiguration", .object([.init("level", .string(rule.severity.sarifLevel))])),
                ])
            })),
        ])
    }

    /// `path` as a SARIF URI reference: forward slashes, no leading `./`,
    /// and every byte but RFC 3986's unreserved characters and `/`
    /// percent-encoded (a space in `Model 2.xcdatamodel`; a `:` that would
    /// otherwise read as a scheme). A relative path stays relative, which
    /// is what code scanning resolves against the repository's root.
    static func artifactURI(_ path: String) -> String {
        var text = String(path.map { $0 == "\\" ? "/" : $0 })
        while text.hasPrefix("./") { text.removeFirst(2) }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Finding {
    func sarifResult() -> JSONValue {
        guard let index = LintResult.sarifRules.firstIndex(of: rule) else { preconditionFailure("\(rule) is not among the SARIF rules") }
        return .object([
            .init("ruleId", .string(rule.rawValue)),
            .init("ruleIndex", .int(index)),
            .init("level", .string(severity.sarifLevel)),
            .init("message", .object([.init("text", .string(message))])),
            .init("locations", .array([
                .object([
                    .init("physicalLocation", .object([
                        .init("artifactLocation", .object([.init("uri", .string(LintResult.artifactURI(location.file)))])),
                        .init("region", .object([.init("startLine", .int(location.line))])),
                    ])),
                ]),
            ])),
        ])
    }
}

extension Finding.Severity {
    /// SARIF's `level`: the same three words.
    var sarifLevel: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}
