import SyncReport

extension ReportFiles {
    /// `sweep.csv`, `sweep.json`, `sweep.md` and `sweep.html`.
    public static func files(of sweep: SweepResult) -> [String: String] {
        [
            "sweep.csv": sweep.csv(),
            "sweep.json": sweep.json(command: "sweep").rendered(),
            "sweep.md": sweep.markdown(),
            "sweep.html": sweep.html(),
        ]
    }

    /// Writes a sweep's summary files into `directory`, as `simulate sweep
    /// --out DIR` does (which adds `sweep-runs.csv`: ``SyncExperiments/Sweep/Runs/csv(plan:)``).
    public static func write(_ sweep: SweepResult, to directory: String) throws {
        try write(files(of: sweep), to: directory)
    }
}
