import SyncSim

extension NewestWinsDedupe {
    /// Registers `dedupe:newest` once per process, so scenario files,
    /// `--strategies`, sweeps and reports accept the name.
    public static func register() {
        registered.withLock { done in
            guard !done else { return }
            do {
                try StrategyRegistry.register("dedupe:newest") { NewestWinsDedupe() }
            } catch {
                preconditionFailure("\(error)")
            }
            done = true
        }
    }

    private static let registered = LockedBox(false)
}
