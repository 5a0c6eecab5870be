import Foundation
import SyncExperiments
import SyncScenarioFile
import SyncSimulation

/// The values that take more than a conversion: seeds, strategies,
/// stores, sizes, shards, sweep variations and fault schedules.
extension OptionValue<UInt64> {
    /// `--seed S`: any `UInt64`.
    static var seed: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "S", accepts: Seeds.rangeText), range: "0 to 2^64-1", convert: { Seeds.parse($0) })
    }
}

extension OptionValue<[UInt64]> {
    /// `--seeds A..B` or `1,5,9`; a default written as its range when it is one.
    static var seeds: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "A..B",
                                    accepts: "a range A..B or a comma-separated list of seeds, at most \(Seeds.maximumCount), each \(Seeds.rangeText)"),
                    range: "0 to 2^64-1", convert: { Seeds.parseList($0) },
                    describe: { seeds in
                        guard let first = seeds.first, let last = seeds.last, seeds == Array(first ... last) else {
                            return seeds.map(String.init).joined(separator: ",")
                        }
                        return "\(first)..\(last)"
                    })
    }
}

extension OptionValue<[String]> {
    /// `--strategies lww,crdt`: known names, each once, in the order given.
    static var strategies: OptionValue {
        let names = StrategyCatalog.allNames
        let allowed = names.joined(separator: ", ")
        return OptionValue(spec: ValueSpec(placeholder: "LIST", accepts: "a comma-separated list of \(allowed)", choices: names, completion: .list(names)),
                           convert: { text throws(UsageError) in
                               let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                               switch NameList.values(of: items, named: { StrategyCatalog.strategy(named: $0) != nil ? $0 : nil }) {
                               case .success(let names):
                                   return names
                               case .failure(.empty):
                                   throw UsageError(message: "--strategies has an empty name in '\(Echo.text(text))'; allowed: \(allowed)")
                               case .failure(.unknown(let name)):
                                   throw UsageError(message: "--strategies: unknown strategy '\(Echo.text(name))'; allowed: \(allowed)" + Suggestion.didYouMean(name, among: names))
                               case .failure(.repeated(let name)):
                                   throw UsageError(message: "--strategies names '\(Echo.text(name))' twice; list each strategy once")
                               }
                           })
    }
}

extension OptionValue<StoreKind> {
    /// `--store memory|sqlite|sqlite:DIR`.
    static var store: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "STORE",
                                    accepts: "memory, sqlite (an in-memory database per replica) or sqlite:DIR (a file per run and replica under the folder DIR)",
                                    choices: ["memory", "sqlite"], completion: .words(["memory", "sqlite"])),
                    convert: { StoreKind(name: $0) })
    }
}

extension OptionValue<Int> {
    /// `--max-memory 512M`: bytes, at least a MiB.
    static var size: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "SIZE", accepts: "a size of at least 1M, such as 512M, 2G or 1.5GiB (K, M, G are powers of 1024)"),
                    convert: { ByteCountText.bytes($0).flatMap { $0 >= 1 << 20 ? $0 : nil } })
    }
}

/// `--shard K/N`: which slice of a sweep's jobs this process runs.
struct Shard: Equatable {
    var index = 1
    var count = 1
}

extension OptionValue<Shard> {
    /// `K/N` with 1 ≤ K ≤ N.
    static var shard: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "K/N", accepts: "K/N with 1 ≤ K ≤ N, such as 2/8"), convert: { text in
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1 ... count).contains(index) else { return nil }
            return Shard(index: index, count: count)
        })
    }
}

extension OptionValue<SweepParameter> {
    /// `--vary network.drop=0,0.1`: a setting's path and its values.
    static var variation: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "PATH=V1,V2,…", accepts: "PATH=V1,V2,… such as network.drop=0,0.1,0.2"), convert: { text in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { return nil }
            let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return values.contains(where: \.isEmpty) ? nil : SweepParameter(path: parts[0], values: values)
        })
    }
}

/// `--set cloudkit.conflict=fieldLWW`: a setting's path and the one value
/// every file read is changed to, as a sweep's `--vary` writes one point.
struct SettingOverride: Equatable {
    let path: String
    let value: String

    /// `PATH=VALUE`, as typed: what a replay line repeats.
    var text: String { "\(path)=\(value)" }
}

extension OptionValue<SettingOverride> {
    /// `--set network.drop=0.1`: one value, so no comma (`--vary` takes several).
    static var setting: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "PATH=VALUE", accepts: "PATH=VALUE with one value, such as cloudkit.conflict=fieldLWW or network.drop=0.1"),
                    convert: { text in
                        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].contains(",") else { return nil }
                        return SettingOverride(path: parts[0], value: parts[1])
                    })
    }
}

extension OptionValue<ExploreNemesis> {
    /// `--nemesis every=300ms,until=5s,partition=0.5,crash=0.2`.
    static var nemesis: OptionValue {
        OptionValue(spec: ValueSpec(placeholder: "SETTINGS",
                                    accepts: "KEY=VALUE,… with keys every and until (durations above 0, such as 300ms or 5s) and partition and crash "
                                        + "(probabilities from 0 to 1), such as every=300ms,until=5s,partition=0.5,crash=0.2"),
                    convert: { text throws(UsageError) in
                        // A misspelt key gets its own error and the closest key, as every other name typed does.
                        for part in text.split(separator: ",") {
                            let key = String(part.prefix { $0 != "=" })
                            let hint = Suggestion.didYouMean(key, among: ExploreNemesis.keys, quote: "'")
                            if !ExploreNemesis.keys.contains(key), !hint.isEmpty {
                                throw UsageError(message: "--nemesis: unknown setting '\(Echo.text(key))'; settings: \(ExploreNemesis.keys.joined(separator: ", "))" + hint)
                            }
                        }
                        return ExploreNemesis(argument: text)
                    })
    }
}
