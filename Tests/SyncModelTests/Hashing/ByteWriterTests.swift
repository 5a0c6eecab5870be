import SyncModel
import Testing

struct ByteWriterTests {
    @Test func integersAreLittleEndianEightBytes() {
        var writer = ByteWriter()
        writer.append(UInt64(0x0102_0304_0506_0708))
        writer.append(Int64(-1))
        #expect(writer.bytes == [8, 7, 6, 5, 4, 3, 2, 1] + [UInt8](repeating: 0xff, count: 8))
    }

    @Test func stringsAreLengthPrefixedSoSplitsDoNotCollide() {
        var ab = ByteWriter()
        ab.append("ab")
        ab.append("c")
        var a = ByteWriter()
        a.append("a")
        a.append("bc")
        #expect(ab.bytes != a.bytes)
        #expect(ab.bytes.prefix(10) == [2, 0, 0, 0, 0, 0, 0, 0, 0x61, 0x62])
    }

    @Test func recordIDIsHighThenLow() {
        var writer = ByteWriter()
        writer.append(RecordID(high: 1, low: 2))
        #expect(writer.bytes == [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    }
}
