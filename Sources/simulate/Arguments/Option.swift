/// One option of a command, declared once: its spec (name, value, range,
/// help) and where its value goes in the command's options value. The
/// parser, the command's help page, the overview and the completion
/// scripts all read the command's list of these (``CommandOptions/options``).
struct Option<Options: CommandOptions> {
    var spec: OptionSpec
    /// What a summary may quote: the value's range and its default.
    let facts: Facts
    /// Stores the value given: `text` is nil for a flag.
    let store: (inout Options, String?) throws(UsageError) -> Void

    /// What a summary may quote of its option, so that a range or a default
    /// is written once, where the value and the field are declared.
    struct Facts {
        /// `1 to 500`, as the value describes its range.
        let range: String
        /// The options value's own default, as the value writes it (`5`, `1,2,4,8,16`).
        let `default`: String
    }
}

extension Option {
    /// A flag: given, it sets `path` to `value`.
    static func flag(_ name: String, _ path: WritableKeyPath<Options, Bool>, setting value: Bool = true, _ summary: String) -> Option {
        Option(spec: OptionSpec(name: name, value: nil, summary: summary), facts: Facts(range: "", default: "\(Options()[keyPath: path])")) { options, _ in
            options[keyPath: path] = value
        }
    }

    /// An option whose value is stored at `path`; `summary` may quote the
    /// value's range and the field's default.
    static func value<Value>(_ name: String, _ path: WritableKeyPath<Options, Value>, _ value: OptionValue<Value>,
                             _ summary: (Facts) -> String) -> Option {
        let facts = Facts(range: value.range, default: value.describe(Options()[keyPath: path]))
        let spec = OptionSpec(name: name, value: value.spec, summary: summary(facts))
        return Option(spec: spec, facts: facts) { (options: inout Options, text: String?) throws(UsageError) in
            options[keyPath: path] = try value.parse(text!, for: name)
        }
    }

    /// An option whose value is stored at `path`, nil until it is given.
    static func value<Value>(_ name: String, _ path: WritableKeyPath<Options, Value?>, _ value: OptionValue<Value>,
                             _ summary: (Facts) -> String) -> Option {
        let facts = Facts(range: value.range, default: Options()[keyPath: path].map(value.describe) ?? "")
        let spec = OptionSpec(name: name, value: value.spec, summary: summary(facts))
        return Option(spec: spec, facts: facts) { (options: inout Options, text: String?) throws(UsageError) in
            options[keyPath: path] = try value.parse(text!, for: name)
        }
    }

    /// An option given once per value, each added to `path` in order;
    /// `check` refuses a value given the ones before it.
    static func values<Value>(_ name: String, appendingTo path: WritableKeyPath<Options, [Value]>, _ value: OptionValue<Value>,
                              check: @escaping ([Value], Value) throws(UsageError) -> Void = { _, _ in }, _ summary: String) -> Option {
        let facts = Facts(range: value.range, default: "")
        var spec = OptionSpec(name: name, value: value.spec, summary: summary)
        spec.isRepeatable = true
        return Option(spec: spec, facts: facts) { (options: inout Options, text: String?) throws(UsageError) in
            let parsed = try value.parse(text!, for: name)
            try check(options[keyPath: path], parsed)
            options[keyPath: path].append(parsed)
        }
    }

    /// The same option, described for one command; `summary` may quote
    /// its range and default as the declaration's does.
    func described(_ summary: (Facts) -> String) -> Option {
        var copy = self
        copy.spec.summary = summary(facts)
        return copy
    }

    /// An option whose value is stored at `path`, with a summary that
    /// quotes nothing.
    static func value<Value>(_ name: String, _ path: WritableKeyPath<Options, Value>, _ value: OptionValue<Value>, _ summary: String) -> Option {
        self.value(name, path, value) { _ in summary }
    }

    /// An option whose value is stored at `path`, nil until it is given,
    /// with a summary that quotes nothing.
    static func value<Value>(_ name: String, _ path: WritableKeyPath<Options, Value?>, _ value: OptionValue<Value>, _ summary: String) -> Option {
        self.value(name, path, value) { _ in summary }
    }

    /// The same option, described for one command.
    func described(_ summary: String) -> Option {
        described { _ in summary }
    }

    /// The same option, which the command cannot do without.
    func required() -> Option {
        var copy = self
        copy.spec.isRequired = true
        return copy
    }
}
