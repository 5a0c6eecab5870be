import SyncLint
import SyncSimulation

/// Where each workload setting of `simulate advise` came from: the command
/// line, or a scenario file's `advise` block filling in what it left out.
/// An error about a value blames its source (`FILE: advise.drop: …`),
/// never an option the user did not type.
extension AdviseOptions {
    /// The scenario file whose block gave settings, and the options it gave
    /// (`--drop`, `--habits`, …): ``AdviseInput/completed(_:)`` sets them.
    struct BlockSource {
        var file: String
        var options: [String] = []
    }

    /// `--drop`, or `FILE: advise.drop` when the block gave the value: the
    /// head of an error about it. The block's keys are the options' names.
    func place(of option: String) -> String {
        guard let block, block.options.contains(option) else { return option }
        return "\(block.file): advise.\(option.drop { $0 == "-" })"
    }

    /// `--drop`, or `FILE: advise.drop:` when the block gave the value: the
    /// head of a sentence about it (`--drop expects …`, `FILE: advise.drop: expects …`).
    func lead(_ option: String) -> String {
        let place = place(of: option)
        return place == option ? option : place + ":"
    }

    /// `--drop 1.5: message` for a value typed on the command line;
    /// `FILE: advise.drop: message` for one the block gave.
    func blame(option: String, argument: String, message: String) -> String {
        let place = place(of: option)
        return place == option ? "\(option) \(Echo.text(argument)): \(message)" : "\(place): \(message)"
    }

    /// ``blame(option:argument:message:)`` for a workload error.
    func blame(_ error: AdviceWorkloadError) -> String {
        blame(option: error.option, argument: error.argument, message: error.message)
    }
}
