/// A self-contained HTML page: no scripts, no fonts, no links to anything
/// outside the file. Charts are inline SVG that scale with the page.
package enum HTMLPage {
    /// A whole document around `body` (already HTML).
    package static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    /// Text safe inside elements and quoted attribute values.
    package static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// Escaped text that may break after `:`, `.` and `+` when a column is
    /// too narrow (`unique:<wbr>objectTrump`, `duplicates.<wbr>final`,
    /// `laterEditWins+<wbr>reuploadFirst`): long names wrap instead of
    /// widening a table past the page.
    package static func breakable(_ text: String) -> String {
        var output = ""
        for character in text {
            output += escape(String(character))
            if character == ":" || character == "." || character == "+" { output += "<wbr>" }
        }
        return output
    }

    /// A table: a header row, then one row per entry of `rows`. Columns
    /// whose `numeric` flag is set are right-aligned with even digits and
    /// never wrap; headers and text columns wrap at `:`, `.` and `+` too.
    static func table(headers: [String], numeric: [Bool], rows: [[String]], caption: String? = nil) -> String {
        let cells = rows.map { row in
            row.enumerated().map { column, text in
                numeric.indices.contains(column) && numeric[column] ? escape(text) : breakable(text)
            }
        }
        return table(headers: headers, numeric: numeric, htmlRows: cells, caption: caption)
    }

    /// A table whose cells are HTML already.
    package static func table(headers: [String], numeric: [Bool], htmlRows: [[String]], caption: String? = nil) -> String {
        func cell(_ tag: String, _ html: String, _ column: Int) -> String {
            let alignment = numeric.indices.contains(column) && numeric[column] ? " class=\"num\"" : ""
            return "<\(tag)\(alignment)>\(html)</\(tag)>"
        }
        var lines = ["<div class=\"scroll\"><table>"]
        if let caption { lines.append("<caption>\(escape(caption))</caption>") }
        lines.append("<thead><tr>" + headers.enumerated().map { cell("th", breakable($1), $0) }.joined() + "</tr></thead>")
        lines.append("<tbody>")
        for row in htmlRows {
            lines.append("<tr>" + row.enumerated().map { cell("td", $1, $0) }.joined() + "</tr>")
        }
        lines.append("</tbody></table></div>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Links to the page's sections: (anchor, title) pairs.
    package static func contents(_ sections: [(id: String, title: String)]) -> String {
        "<nav class=\"toc\" aria-label=\"Contents\"><span>Contents:</span> "
            + sections.map { "<a href=\"#\($0.id)\">\(escape($0.title))</a>" }.joined(separator: " · ") + "</nav>\n"
    }

    /// The sentences a page opens with.
    package static func finding(_ sentences: [String]) -> String {
        "<section class=\"finding\" aria-label=\"Finding\">\n" + sentences.map { "<p>\(escape($0))</p>\n" }.joined() + "</section>\n"
    }

    /// A figure holding one chart and its caption.
    package static func figure(_ svg: String, caption: String, className: String = "chart") -> String {
        "<figure class=\"\(className)\">\n<div class=\"plot\">\n\(svg)</div>\n<figcaption>\(escape(caption))</figcaption>\n</figure>\n"
    }

    /// Readable on a phone (tables and charts scroll sideways rather than
    /// shrink past legibility) and on paper (no backgrounds needed, figures
    /// kept whole).
    static let style = """
    :root { color-scheme: light; }
    body { margin: 0; background: #fff; color: #1b1b1b; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { box-sizing: border-box; max-width: 1060px; margin: 0 auto; padding: 12px 16px 32px; }
    h1 { font-size: 1.35em; line-height: 1.25; margin: 0.6em 0 0.3em; }
    h2 { font-size: 1.12em; margin: 1.6em 0 0.4em; border-bottom: 1px solid #ddd; padding-bottom: 0.15em; }
    h3 { font-size: 1em; margin: 1.2em 0 0.3em; }
    p { margin: 0.35em 0; }
    .meta { color: #555; font-size: 0.92em; }
    .warning { color: #8a2b00; font-weight: 600; }
    code { font: 0.92em/1.3 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #f3f3f3; padding: 0.1em 0.3em; border-radius: 3px; overflow-wrap: anywhere; }
    .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
    table { border-collapse: collapse; margin: 0.4em 0; font-size: 0.86em; font-variant-numeric: tabular-nums; }
    caption { text-align: left; color: #555; padding-bottom: 0.2em; }
    th, td { padding: 0.25em 0.45em; border-bottom: 1px solid #e3e3e3; text-align: left; }
    th { border-bottom: 2px solid #bbb; font-weight: 600; vertical-align: bottom; }
    .num { text-align: right; }
    td.num { white-space: nowrap; }
    .ci { color: #666; font-size: 0.9em; white-space: normal; }
    td.pass { color: #1a6b2f; font-weight: 600; }
    td.fail { color: #b00020; font-weight: 600; }
    ul.legend { padding-left: 1.2em; color: #444; font-size: 0.9em; }
    .finding { margin: 0.5em 0 0.8em; padding: 0.45em 0.9em; border-left: 4px solid #0072B2; background: #F1F6FA; }
    .finding p { margin: 0.3em 0; }
    nav.toc { margin: 0.6em 0; font-size: 0.92em; }
    nav.toc span { color: #555; }
    details { margin: 0.5em 0; border: 1px solid #e3e3e3; border-radius: 4px; padding: 0.2em 0.7em; }
    details[open] { padding-bottom: 0.4em; }
    summary { cursor: pointer; padding: 0.2em 0; }
    summary strong { font-weight: 600; }
    figure { margin: 0.8em 0 1.2em; break-inside: avoid; page-break-inside: avoid; }
    .plot { overflow-x: auto; -webkit-overflow-scrolling: touch; }
    figure.chart svg { min-width: 520px; }
    figure.wide svg { min-width: 760px; }
    figcaption { color: #555; font-size: 0.88em; margin-top: 0.2em; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr)); gap: 8px 16px; }
    .grid figure, .pair figure { margin: 0.4em 0; }
    .pair { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr)); gap: 8px 24px; }
    svg { display: block; width: 100%; height: auto; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    svg text { fill: #333; }
    @media print {
      body { font-size: 10.5pt; }
      main { max-width: none; padding: 0; }
      .scroll, .plot { overflow: visible; }
      figure.chart svg, figure.wide svg { min-width: 0; }
      h2 { break-after: avoid; page-break-after: avoid; }
      code { background: none; padding: 0; }
    }
    """
}
