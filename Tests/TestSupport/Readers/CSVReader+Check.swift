import Testing

extension CSVReader {
    /// Checks one kind of CSV file (`report.csv`, `sweep.csv`, …): every
    /// file parses, the columns of one type, and `header(file)` is each
    /// file's header; columns shared by all files keep one type across them.
    public static func checkKind(_ name: String, files: [String], header: (Int) -> [String]) throws {
        var kinds: [String: Set<Kind>] = [:]
        for (index, text) in files.enumerated() {
            let file = try CSVReader(text)
            #expect(file.header == header(index), "\(name) #\(index + 1): header")
            #expect(!file.rows.isEmpty, "\(name) #\(index + 1): no rows")
            for (column, found) in file.kinds() {
                #expect(found.count <= 1, "\(name) #\(index + 1): column \(column) mixes \(found.sorted().map(\.rawValue))")
                kinds[column, default: []].formUnion(found)
            }
        }
        for (column, found) in kinds.sorted(by: { $0.key < $1.key }) {
            #expect(found.count <= 1, "\(name): column \(column) is \(found.sorted().map(\.rawValue)) across files")
        }
    }
}
