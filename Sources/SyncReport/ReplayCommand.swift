import SyncSimulation

/// A `simulate` command line that runs something again, as every replay
/// line prints it: a report's, `check`'s FAIL lines, a broken invariant's,
/// `explore`'s per seed and per shrunk file. Built here only, each value
/// quoted as a shell reads it back (``ShellWord``), so a replay pastes as
/// it prints whoever wrote it.
public struct ReplayCommand: Sendable, CustomStringConvertible, Equatable {
    /// The stack a command line chose with `--preset` or `--engine`, and
    /// the settings it changed with `--set`: what a replay repeats.
    public struct Stack: Sendable, Equatable {
        /// `--preset NAME`; it sets the engine, so it wins over `engine`.
        public var preset: String?
        /// `--engine NAME`.
        public var engine: String?
        /// Each `--set PATH=VALUE`, as typed, in order.
        public var settings: [String]

        /// The stack named by these options (none: the file's own, or the
        /// built-in scenario's `peer`).
        public init(preset: String? = nil, engine: String? = nil, settings: [String] = []) {
            self.preset = preset
            self.engine = engine
            self.settings = settings
        }

        /// What `simulate --replicas N` takes to build `scenario`'s stack
        /// again: its preset, else its engine unless it is the default one.
        public init(of scenario: Scenario) {
            self.init(preset: scenario.preset?.name,
                      engine: scenario.engine.name == EngineCatalog.defaultName ? nil : scenario.engine.name)
        }
    }

    private var words: [String]
    /// `  # …` after the last word: what a shell ignores and a person reads.
    private var note: String?

    /// `simulate`, or `simulate COMMAND OPERAND` (the operand quoted).
    public init(_ command: String? = nil, operand: String? = nil) {
        words = ["simulate"] + (command.map { [$0] } ?? []) + (operand.map { [ShellWord.quoted($0)] } ?? [])
    }

    /// Adds `name` (an option, such as `--seed`) and its value, quoted; a
    /// flag has none.
    public mutating func add(_ name: String, _ value: String? = nil) {
        words.append(name)
        if let value { words.append(ShellWord.quoted(value)) }
    }

    /// This command with `name` and its value added.
    public func adding(_ name: String, _ value: String? = nil) -> ReplayCommand {
        var command = self
        command.add(name, value)
        return command
    }

    /// Adds the options that choose `stack`: `--preset NAME`, else
    /// `--engine NAME`, else nothing; then each `--set PATH=VALUE`.
    public mutating func add(_ stack: Stack) {
        if let preset = stack.preset {
            add("--preset", preset)
        } else if let engine = stack.engine {
            add("--engine", engine)
        }
        for setting in stack.settings { add("--set", setting) }
    }

    /// Ends the line with `  # text`, after every word added before or after.
    public mutating func setNote(_ text: String) {
        note = text
    }

    /// The line as a shell reads it.
    public var description: String {
        words.joined(separator: " ") + (note.map { "  # \($0)" } ?? "")
    }
}

extension ReplayCommand {
    /// The command that runs a comparison again: `simulate run FILE` for a
    /// scenario file, else `simulate --replicas N` for the built-in
    /// scenario of `scenario`'s devices; then the seed, the stack, the
    /// strategies unless they are the scenario's defaults (each named once,
    /// in order), the store unless it is `memory`, the writers' concurrency
    /// unless it is deterministic, and the event limit a partial run
    /// stopped at. A strategy a library user registered runs only in their
    /// program, and the line says so.
    public static func comparison(file: String?, scenario: Scenario, seed: UInt64, stack: Stack, strategies: [String],
                                  store: String = "memory", concurrency: WriterConcurrency = .deterministic) -> ReplayCommand {
        var command = file.map { ReplayCommand("run", operand: $0) } ?? ReplayCommand().adding("--replicas", "\(scenario.deviceCountWithoutHub)")
        command.add("--seed", "\(seed)")
        command.add(stack)
        var names: [String] = []
        for name in strategies where !names.contains(name) { names.append(name) }
        if names != scenario.preset?.strategies ?? StrategyCatalog.defaultNames { command.add("--strategies", names.joined(separator: ",")) }
        if store != "memory" { command.add("--store", store) }
        if concurrency != .deterministic { command.add("--concurrency", concurrency.rawValue) }
        if let limit = scenario.maxEvents { command.add("--max-events", "\(limit)") }
        let registered = names.filter { !StrategyCatalog.builtInNames.contains($0) }
        if !registered.isEmpty {
            command.setNote("needs the program that registers \(registered.joined(separator: ", ")) (StrategyRegistry): "
                + "run it with that program's arguments, not bare simulate")
        }
        return command
    }

    /// `simulate explore FILE --seeds S..S`: one seed of an explore, under
    /// its nemesis when `nemesis` (`--nemesis`'s argument) is given.
    public static func explore(file: String, seed: UInt64, nemesis: String?) -> ReplayCommand {
        var command = ReplayCommand("explore", operand: file).adding("--seeds", "\(seed)..\(seed)")
        if let nemesis { command.add("--nemesis", nemesis) }
        return command
    }

    /// `simulate check FILE`: the expectations of one scenario file.
    public static func check(file: String) -> ReplayCommand {
        ReplayCommand("check", operand: file)
    }
}
