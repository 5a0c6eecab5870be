import SyncReport
import SyncSimulation
import Testing

struct ReportTableTests {
    /// The header and result rows: the lines between the first blank line
    /// and the next one.
    static func tableRows(_ text: String) -> [[Character]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "") else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex(of: "") ?? rest.endIndex
        return rest[..<end].map { Array($0) }
    }

    /// Where each header ends (its last character), with its text. Header
    /// cells are separated by at least two spaces.
    static func headerColumns(_ header: [Character]) -> [(text: String, start: Int, end: Int)] {
        var columns: [(text: String, start: Int, end: Int)] = []
        var index = 0
        while index < header.count {
            while index < header.count, header[index] == " " { index += 1 }
            guard index < header.count else { break }
            let start = index
            while index < header.count, !(header[index] == " " && (index + 1 == header.count || header[index + 1] == " ")) {
                index += 1
            }
            columns.append((String(header[start ..< index]), start, index - 1))
        }
        return columns
    }

    /// The last character position of each column: the strategy column is
    /// as wide as its longest cell, every other column ends where its
    /// right-aligned header ends.
    static func columnEnds(_ rows: [[Character]]) -> [Int] {
        let columns = headerColumns(rows[0])
        let nameWidth = rows.map { $0.firstIndex(of: " ") ?? $0.count }.max() ?? 0
        return [nameWidth - 1] + columns.dropFirst().map(\.end)
    }

    static func checkAlignment(_ report: Report, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = tableRows(report.table())
        try #require(rows.count == report.results.count + 1, sourceLocation: sourceLocation)
        let header = rows[0]
        let columns = headerColumns(header)
        try #require(columns.first?.text == "strategy", sourceLocation: sourceLocation)
        try #require(columns.first?.start == 0, sourceLocation: sourceLocation)
        let ends = columnEnds(rows)
        for (row, result) in zip(rows.dropFirst(), report.results) {
            let line = String(row)
            // The strategy is left-aligned at column 0.
            #expect(line.hasPrefix(result.strategy + " "), "\(line)", sourceLocation: sourceLocation)
            // Numbers are right-aligned: every cell ends where its header ends,
            // so every row has the header's length.
            #expect(row.count == header.count, "row length differs:\n\(String(header))\n\(line)", sourceLocation: sourceLocation)
            for position in columns.indices.dropFirst() where ends[position] < row.count {
                let end = ends[position]
                let previousEnd = ends[position - 1]
                let name = columns[position].text
                #expect(row[end] != " ", "'\(name)' cell does not end under its header:\n\(String(header))\n\(line)",
                        sourceLocation: sourceLocation)
                // At least two spaces separate a cell from the one before it.
                #expect(row[previousEnd + 1] == " " && row[previousEnd + 2] == " ", "'\(name)' in \(line)", sourceLocation: sourceLocation)
                let cell = String(row[(previousEnd + 1) ... end]).trimmingSpaces()
                #expect(!cell.isEmpty && !cell.contains(" "), "bad '\(name)' cell in \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The cell under `header` in each result row, trimmed.
    static func cells(_ report: Report, under header: String) throws -> [String] {
        let rows = tableRows(report.table())
        let columns = headerColumns(rows[0])
        let ends = columnEnds(rows)
        let position = try #require(columns.firstIndex { $0.text == header })
        try #require(position > 0)
        return rows.dropFirst().map { row in
            String(row[(ends[position - 1] + 1) ... ends[position]]).trimmingSpaces()
        }
    }

    @Test func everyRowHasTheSameColumnPositions() throws {
        try Self.checkAlignment(Fixtures.goldenReport)
        try Self.checkAlignment(Fixtures.smallReport(includesTiming: false))
        try Self.checkAlignment(Fixtures.neverConvergingReport)
    }

    @Test func timingAddsARightAlignedWallClockColumn() throws {
        let report = Fixtures.smallReport(includesTiming: true)
        let header = try #require(Self.tableRows(report.table()).first)
        #expect(String(header).hasSuffix("  wall ms"))
        try Self.checkAlignment(report)
        #expect(!Fixtures.smallReport(includesTiming: false).table().contains("wall ms"))
    }

    @Test func aRunThatDidNotConvergePrintsNever() throws {
        let report = Fixtures.neverConvergingReport
        try #require(report.results.allSatisfy { $0.convergenceMicros == nil })
        #expect(try Self.cells(report, under: "converged s") == ["never", "never"])
        #expect(report.markdown().contains("| never |"))
    }

    @Test func convergedCellsAreSecondsWithThreeDecimals() throws {
        let report = Fixtures.goldenReport
        let cells = try Self.cells(report, under: "converged s")
        for (cell, result) in zip(cells, report.results) {
            if let micros = result.convergenceMicros {
                #expect(cell == DecimalText.seconds(micros: micros, digits: 3), "\(result.strategy)")
            } else {
                #expect(cell == "never", "\(result.strategy)")
            }
        }
        #expect(cells.contains("never"), "the golden run is expected to show a strategy that never converges")
    }

    @Test func tableRowsFollowTheStrategyOrder() throws {
        let rows = Self.tableRows(Fixtures.goldenReport.table()).dropFirst()
        let names = rows.map { String($0).split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == StrategyCatalog.defaultNames)
    }

    @Test func replayCommandNamesStrategiesOnlyWhenNotTheDefault() {
        #expect(Fixtures.goldenReport.table().hasSuffix("replay: simulate --replicas 3 --seed 1\n"))
        #expect(Fixtures.goldenReport.markdown().hasSuffix("Replay: `simulate --replicas 3 --seed 1`\n"))
        #expect(Fixtures.smallReport(includesTiming: false).replayCommand == "simulate --replicas 2 --seed 3 --strategies lww,crdt")
    }

    @Test func markdownTableHasOneRowPerResult() {
        let lines = Fixtures.goldenReport.markdown().split(separator: "\n").map(String.init)
        let tableLines = lines.filter { $0.hasPrefix("|") }
        #expect(tableLines.count == 2 + StrategyCatalog.defaultNames.count)
        #expect(tableLines.first?.hasPrefix("| strategy | dups |") == true)
        #expect(tableLines.dropFirst().first?.hasPrefix("| --- | ---: |") == true)
        let barCounts = Set(tableLines.map { $0.filter { $0 == "|" }.count })
        #expect(barCounts.count == 1, "every Markdown row has the same number of cells")
        for (line, name) in zip(tableLines.dropFirst(2), StrategyCatalog.defaultNames) {
            #expect(line.hasPrefix("| \(name) | "))
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
