import SyncReport
import SyncSimulation
import Testing

/// The table and Markdown layouts, pinned for the default scenario with 3
/// replicas, seed 1, every default strategy and no timing.
struct ReportGoldenTests {
    @Test func table() {
        GoldenFile.check(Fixtures.goldenReport.table(), against: "default-replicas3-seed1.table.txt")
    }

    @Test func markdown() {
        GoldenFile.check(Fixtures.goldenReport.markdown(), against: "default-replicas3-seed1.markdown.md")
    }
}
