import SyncStore
import SyncStoreSQLite
import Testing

/// ``SQLiteBenchmark`` runs both loops to the end, in memory and on file,
/// and reports what it measured. (The bare loop checks that it read back
/// exactly the rows the updates overwrite.)
struct SQLiteBenchmarkTests {
    @Test(arguments: [false, true])
    func aSmallRunMeasuresBothLoops(onFile: Bool) throws {
        let folder = try TemporaryFolder()
        let result = try SQLiteBenchmark.run(records: 250, batch: 7, directory: onFile ? folder.path : nil)
        #expect(result.records == 500)
        #expect(result.batch == 7)
        #expect(result.storeSeconds > 0 && result.rawSeconds > 0)
        #expect(result.overhead == result.storeSeconds / result.rawSeconds)
        #expect(result.storeRecordsPerSecond == 500 / result.storeSeconds)
        // The databases are removed; the folder is left as it was.
        #expect(folder.contents().isEmpty)
    }
}
