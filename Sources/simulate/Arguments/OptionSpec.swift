import SyncReport

/// One option as a user sees it: what help lists, errors quote and
/// completion scripts offer. Each command declares its own (``Option``);
/// this is the part every reader shares.
struct OptionSpec {
    /// `--seed`
    let name: String
    /// `-h` beside `--help`; nil for every other option.
    var shortName: String?
    /// What the value is; nil for a flag.
    let value: ValueSpec?
    /// One line: what it does, what it takes, its default.
    var summary: String
    /// Shown without brackets in the usage line: the command needs it.
    var isRequired = false
    /// Shown as `--vary X [--vary …]` in the usage line: each use adds a value.
    var isRepeatable = false

    /// `--seed S`, or `-h, --help` with the short form.
    var label: String {
        let named = shortName.map { "\($0), \(name)" } ?? name
        return value.map { "\(named) \($0.placeholder)" } ?? named
    }

    /// How the usage line shows it: `[--seed S]`, `--out DIR`, `--vary X [--vary …]`.
    var synopsis: String {
        let text = value.map { "\(name) \($0.placeholder)" } ?? name
        let shown = isRequired ? text : "[\(text)]"
        return isRepeatable ? "\(shown) [\(name) …]" : shown
    }
}

/// What an option's value is, for help, errors and completion.
struct ValueSpec {
    /// What help calls it: `N`, `FILE`, `LIST`.
    let placeholder: String
    /// What it accepts, as errors quote it: `a whole number from 1 to 500`.
    let accepts: String
    /// The words it is chosen from, for "did you mean" and completion; nil
    /// when it is not a choice (a number, a path, free text).
    var choices: [String]?
    /// What a shell offers for it.
    var completion: ValueCompletion = .free
}

/// What a shell offers for a word of the command line.
enum ValueCompletion: Equatable {
    /// Nothing to offer: a number, a range, free text.
    case free
    /// One of these.
    case words([String])
    /// Some of these, comma-separated (`--strategies lww,crdt`).
    case list([String])
    case files
    case directories
}

/// The options the parser answers itself, whatever the command.
extension OptionSpec {
    static let help = OptionSpec(name: "--help", shortName: "-h", value: nil, summary: "show this help")
    static let version = OptionSpec(name: "--version", value: nil, summary: "print the version: simulate \(ToolVersion.current)")
}
