import SyncSimulation

/// What the user asked for, parsed from the command line by hand (the
/// project takes no packages, argument parsers included).
struct CommandLineOptions {
    enum Format: String, CaseIterable {
        case table, json, markdown
    }

    static let replicaRange = 1 ... 500

    /// What each option with a value accepts, for error messages.
    static let allowedValues = [
        "--replicas": "a whole number from \(replicaRange.lowerBound) to \(replicaRange.upperBound)",
        "--seed": "a whole number from 0 to \(UInt64.max)",
        "--strategies": "a comma-separated list of \(StrategyCatalog.allNames.joined(separator: ", "))",
        "--format": "one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))",
    ]

    static let optionNames = "--replicas, --seed, --strategies, --format, --no-timing, --help"

    var replicas = 5
    var seed: UInt64 = 1
    var strategyNames = StrategyCatalog.defaultNames
    var format = Format.table
    var includesTiming = true
    var showHelp = false

    /// A usage error: one line naming the argument and what is allowed.
    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // Accept both `--seed 7` and `--seed=7`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(message: "\(name) needs a value: \(allowedValues[name] ?? "see 'simulate --help'")")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                options.showHelp = true
            case "--replicas":
                let text = try value()
                guard let count = Int(text), replicaRange.contains(count) else {
                    throw UsageError(message: "--replicas expects \(allowedValues[name]!), got '\(text)'")
                }
                options.replicas = count
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed expects \(allowedValues[name]!), got '\(text)'")
                }
                options.seed = seed
            case "--strategies":
                options.strategyNames = try parseStrategies(try value())
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError(message: "--format expects \(allowedValues[name]!), got '\(text)'")
                }
                options.format = format
            case "--no-timing":
                guard inlineValue == nil else { throw UsageError(message: "--no-timing takes no value") }
                options.includesTiming = false
            case "run", "check", "sweep", "race", "merge":
                throw UsageError(message: "'\(argument)' is not available in this version; see 'simulate --help'")
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(name)'; options: \(optionNames)")
                }
                throw UsageError(message: "unexpected argument '\(argument)'; simulate takes only options: \(optionNames)")
            }
        }
        return options
    }

    private static func parseStrategies(_ text: String) throws(UsageError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: " ")
        }
        var seen: [String] = []
        for name in names {
            guard !name.isEmpty else {
                throw UsageError(message: "--strategies has an empty name in '\(text)'; allowed: \(StrategyCatalog.allNames.joined(separator: ", "))")
            }
            guard StrategyCatalog.strategy(named: name) != nil else {
                throw UsageError(message: "--strategies: unknown strategy '\(name)'; allowed: \(StrategyCatalog.allNames.joined(separator: ", "))")
            }
            guard !seen.contains(name) else {
                throw UsageError(message: "--strategies names '\(name)' twice; list each strategy once")
            }
            seen.append(name)
        }
        return seen
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
