/// One column of a text table: a header, text to the left or numbers to
/// the right, and how a row fills it. One definition serves the aligned
/// terminal layout and the Markdown one.
package struct TableColumn<Row> {
    let header: String
    let leftAligned: Bool
    let cell: (Row) -> String

    /// A column headed `header`, filled by `cell`.
    package init(header: String, leftAligned: Bool, cell: @escaping (Row) -> String) {
        self.header = header
        self.leftAligned = leftAligned
        self.cell = cell
    }
}

extension Array {
    /// A header line and one line per row, each column as wide as its
    /// widest cell, columns two spaces apart, no trailing spaces.
    package func alignedLines<Row>(_ rows: [Row]) -> [String] where Element == TableColumn<Row> {
        let cells = [map(\.header)] + rows.map { row in map { $0.cell(row) } }
        let widths = indices.map { index in cells.map { $0[index].count }.max() ?? 0 }
        return cells.map { line in
            indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - line[index].count)
                return self[index].leftAligned ? line[index] + padding : padding + line[index]
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }

    /// A GitHub-flavoured Markdown table; `|` inside a cell is escaped.
    package func markdownLines<Row>(_ rows: [Row]) -> [String] where Element == TableColumn<Row> {
        ["| " + map(\.header).joined(separator: " | ") + " |", "|" + map { $0.leftAligned ? " --- |" : " ---: |" }.joined()]
            + rows.map { row in "| " + map { $0.cell(row).replacingPipes() }.joined(separator: " | ") + " |" }
    }
}
