/// One command's options value: the options it takes, each declared once
/// (``Option``), its help page, and what it does with them. The parser,
/// help, the overview and the completion scripts all read these, so that
/// a new option is its declaration here and its use.
protocol CommandOptions {
    /// Every option at its default.
    init()
    /// The command's help page (``CommandHelp``), its options listed from ``options``.
    static var help: CommandHelp { get }
    /// Every option the command takes, in the order help lists them;
    /// `--help` (every command) and `--version` (no command) are the parser's.
    static var options: [Option<Self>] { get }
    /// Where the words that are not options go; nil when the command takes
    /// none (a word is then an error).
    static var operands: WritableKeyPath<Self, [String]>? { get }
    /// Checks what no option can check alone, once every argument is read
    /// (and not when help or the version was asked for).
    mutating func validate() throws(UsageError)
    /// Runs the command; the process exits when it returns.
    func run()
}

extension CommandOptions {
    static var operands: WritableKeyPath<Self, [String]>? { nil }

    mutating func validate() throws(UsageError) {}
}
