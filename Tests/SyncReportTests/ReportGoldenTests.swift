import SyncReport
import SyncSimulation
import Testing
import TestSupport

/// The table and Markdown layouts, pinned for the default scenario with 3
/// replicas, seed 1, every default strategy and no timing.
struct ReportGoldenTests {
    let golden = GoldenFile(folder: "Golden", filter: "ReportGoldenTests")

    @Test func table() {
        golden.check(Fixtures.goldenReport.table(), against: "default-replicas3-seed1.table.txt")
    }

    @Test func markdown() {
        golden.check(Fixtures.goldenReport.markdown(), against: "default-replicas3-seed1.markdown.md")
    }
}
