/// `simulate merge PART... --out DIR`: a sharded sweep's parts, combined.
struct MergeOptions: CommandOptions {
    var paths: [String] = []
    var out: String?
    var format = OutputFormat.markdown

    static var options: [Option<Self>] {
        [
            Option.out(\.out).described("write the sweep's Markdown, JSON, CSV and HTML files to DIR").required(),
            .format(\.format, [.markdown, .json], "markdown (default: the summary) or json (the document sweep.json holds)"),
        ]
    }

    static var operands: WritableKeyPath<Self, [String]>? { \.paths }

    static let help = CommandHelp(
        .merge, operands: "PART...",
        summary: "combine the part files of a sharded sweep into the files one run writes",
        description: """
            Combines the part files that 'simulate sweep --shard K/N --out DIR' wrote into the
            same files, byte for byte, that one unsharded sweep writes.
            """,
        options: options,
        example: "simulate merge parts/sweep-part-*-of-8.json --out sweep")

    func validate() throws(UsageError) {
        guard !paths.isEmpty else { throw UsageError(message: "simulate merge needs the part files that simulate sweep --shard wrote") }
        guard out != nil else { throw UsageError(message: "simulate merge needs --out DIR") }
    }

    func run() {
        SweepCommands.merge(self)
    }
}
