import SyncExperiments
import SyncSimulation

/// What each option's value may be: the text errors quote, and the parsers
/// of the values that take more than a conversion.
extension CommandLineOptions {
    /// What each option with a value accepts, for error messages.
    static let allowedValues = [
        "--replicas": "a whole number from \(replicaRange.lowerBound) to \(replicaRange.upperBound)",
        "--seed": Seeds.rangeText,
        "--strategies": "a comma-separated list of \(StrategyCatalog.allNames.joined(separator: ", "))",
        "--engine": "one of \(EngineCatalog.allNames.joined(separator: ", "))",
        "--preset": "one of \(PresetCatalog.allNames.joined(separator: ", "))",
        "--format": "one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))",
        "--store": "memory, sqlite (an in-memory database per replica) or sqlite:DIR (a file per run and replica under the folder DIR)",
        "--concurrency": "one of \(WriterConcurrency.allCases.map(\.rawValue).joined(separator: ", "))",
        "--writers": "a comma-separated list of whole numbers from 1 to 64",
        "--trials": "a whole number from 1 to 100000",
        "--think-micros": "a whole number from 0 to 1000000",
        "--records": "a whole number from 1 to 10000000",
        "--batch": "a whole number from 1 to 100000",
        "--max-events": "a whole number from 1 to 1000000000000",
        "--max-memory": "a size of at least 1M, such as 512M, 2G or 1.5GiB (K, M, G are powers of 1024)",
        "--out": "a folder to write report files to",
        "--vary": "PATH=V1,V2,… such as network.drop=0,0.1,0.2",
        "--seeds": "a range A..B or a comma-separated list of seeds, at most \(Seeds.maximumCount), each \(Seeds.rangeText)",
        "--shard": "K/N with 1 ≤ K ≤ N, such as 2/8",
        "--write-schema": "a file to write the model's entities to, as a SyncSim scenario such as model.json5",
        "--key": "ENTITY.FIELD, or ENTITY.FIELD1,FIELD2 for a compound key, such as Book.isbn",
        "--schema-version": "the name of a SwiftData VersionedSchema, such as SchemaV2",
        "--junit": "a file to write the JUnit XML report to, such as check.xml",
        "--filter": "text that a file's path or scenario name contains, such as stacks/ or clock",
        "--nemesis": "KEY=VALUE,… with keys every and until (durations above 0, such as 300ms or 5s) and partition and crash (probabilities from 0 to 1), such as every=300ms,until=5s,partition=0.5,crash=0.2",
    ]

    /// The words an option's value is chosen from, for "did you mean" and
    /// shell completion (``CompletionScript``); nil when the value is not a
    /// choice (a number, a path). `--store` also takes `sqlite:DIR`.
    static func valueChoices(_ option: String, command: Command) -> [String]? {
        switch option {
        case "--strategies": StrategyCatalog.allNames
        case "--engine": EngineCatalog.allNames
        case "--preset": PresetCatalog.allNames
        case "--format": formatNames(command)
        case "--store": ["memory", "sqlite"]
        case "--concurrency": WriterConcurrency.allCases.map(\.rawValue)
        default: nil
        }
    }

    static func parseStrategies(_ text: String) throws(UsageError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        var seen: [String] = []
        for name in names {
            guard !name.isEmpty else {
                throw UsageError(message: "--strategies has an empty name in '\(text)'; allowed: \(StrategyCatalog.allNames.joined(separator: ", "))")
            }
            guard StrategyCatalog.strategy(named: name) != nil else {
                throw UsageError(message: "--strategies: unknown strategy '\(name)'; allowed: \(StrategyCatalog.allNames.joined(separator: ", "))"
                    + Suggestion.didYouMean(name, among: StrategyCatalog.allNames))
            }
            guard !seen.contains(name) else {
                throw UsageError(message: "--strategies names '\(name)' twice; list each strategy once")
            }
            seen.append(name)
        }
        return seen
    }
}
