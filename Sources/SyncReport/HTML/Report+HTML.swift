import SyncSimulation

extension Report {
    /// A self-contained HTML page that leads with what the runs found (a
    /// few sentences from ``ReportFindings``), then the settings, the
    /// results table of the Markdown report, duplicates over virtual time
    /// (one panel per strategy that had any), duplicates per replica (when
    /// recorded), rejected and lost writes, each run's timeline of saves,
    /// messages and faults, the expectations and the replay command.
    /// Inline SVG and CSS only; the same report gives the same bytes.
    public func html() -> String {
        var body = "<h1>\(HTMLPage.escape(headline))</h1>\n"
        body += HTMLPage.finding(ReportFindings(self).sentences)
        body += "<p>\(HTMLPage.escape(scenario.description))</p>\n"
        body += "<p class=\"meta\">\(HTMLPage.escape(settingsLine))</p>\n"
        body += stackLines.map { "<p class=\"meta\">\(HTMLPage.escape($0))</p>\n" }.joined()
        if let file { body += "<p class=\"meta\">scenario file <code>\(HTMLPage.escape(file))</code></p>\n" }

        var sections = [(id: "results", title: "Results")]
        if !results.isEmpty {
            sections.append(("duplicates", "Duplicates over time"))
            if hasPerReplicaSeries { sections.append(("per-replica", "Duplicates per replica")) }
            sections += [("rejected-lost", "Rejected and lost writes"), ("timeline", "Timeline")]
        }
        if !expectations.isEmpty { sections.append(("expectations", "Expectations")) }
        sections.append(("replay", "Replay"))
        body += HTMLPage.contents(sections)

        body += "<h2 id=\"results\">Results</h2>\n"
        body += HTMLPage.table(headers: columns.map(\.header), numeric: columns.map { !$0.leftAligned },
                               rows: results.map { result in columns.map { $0.cell(result) } })
        if hasWriters {
            body += HTMLPage.table(headers: raceColumns.map(\.header), numeric: raceColumns.map { !$0.leftAligned },
                                   rows: results.map { result in raceColumns.map { $0.cell(result) } })
        }
        body += (livenessScopeLines + faultLogLines).map { "<p class=\"meta\">\(HTMLPage.escape($0))</p>\n" }.joined()
        body += warnings.map { "<p class=\"warning\">\(HTMLPage.escape($0))</p>\n" }.joined()
        body += "<ul class=\"legend\">\n" + legend.map { "<li>\(HTMLPage.escape($0))</li>\n" }.joined() + "</ul>\n"

        if !results.isEmpty {
            body += "<h2 id=\"duplicates\">Duplicates over virtual time</h2>\n" + duplicatesSection()
            if hasPerReplicaSeries {
                body += "<h2 id=\"per-replica\">Duplicates per replica</h2>\n" + perReplicaSection()
            }
            body += "<h2 id=\"rejected-lost\">Rejected and lost writes</h2>\n" + rejectedLostSection()
            body += "<h2 id=\"timeline\">Timeline</h2>\n" + timelineSection()
        }

        if !expectations.isEmpty {
            body += "<h2 id=\"expectations\">Expectations</h2>\n" + expectationsTable()
        }
        body += "<h2 id=\"replay\">Replay</h2>\n<p><code>\(HTMLPage.escape(replayCommand))</code></p>\n"
        return HTMLPage.document(title: headline, body: body)
    }

    var hasPerReplicaSeries: Bool { results.contains { $0.series.perReplica != nil } }

    private func expectationsTable() -> String {
        var lines = ["<div class=\"scroll\"><table>",
                     "<thead><tr><th>result</th><th>strategy</th><th>metric</th><th>expected</th><th class=\"num\">actual</th></tr></thead>",
                     "<tbody>"]
        for outcome in expectations {
            let item = ScenarioExpectationOutcome.metric(outcome)
            let status = ExpectationText.status(item)
            lines.append("<tr><td class=\"\(outcome.isJudged ? (outcome.passed ? "pass" : "fail") : "skip")\">\(status)</td>"
                + "<td>\(HTMLPage.breakable(outcome.strategyLabel))</td><td>\(HTMLPage.breakable(outcome.expectation.metric.rawValue))</td>"
                + "<td>\(HTMLPage.escape(ExpectationText.bound(outcome.expectation.bound)))</td>"
                + "<td class=\"num\">\(HTMLPage.escape(ExpectationText.actual(item)))</td></tr>")
        }
        lines.append("</tbody></table></div>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `<details>` per strategy, the worst by duplicates open (the
    /// first on a tie): a page of many long runs stays readable, and no
    /// script is needed to switch.
    private func timelineSection() -> String {
        let open = ReportFindings.worstByDuplicates(results)
        let which = results.contains { $0.duplicates.peak > 0 } ? "the worst by duplicates" : "the first"
        var html = "<p class=\"meta\">Each run's own log over virtual time, one lane per endpoint (\(HTMLPage.escape(Prose.list(scenario.replicaNames)))"
            + "). Ticks are local saves. Lines are messages carrying changes, from the sender's lane at the send to the receiver's "
            + "at the arrival; an arrival is paired with the latest send on its link not yet paired. Red lines ending in a cross were "
            + "lost in flight; red stubs are sends with no arrival drawn (dropped when sent, or arriving after the window). "
            + "Grey bands: the network partitioned or cut; red on a lane: that replica down. Hover over a lane or a mark for details. "
            + (results.count > 1 ? "One strategy is open (\(which)); open the others to compare. " : "") + "At most the first "
            + "\(TimelineDiagram.drawnCap) events of each run are drawn.</p>\n"
        for (index, result) in results.enumerated() {
            let diagram = TimelineDiagram(result: result, laneNames: scenario.replicaNames)
            let messages = diagram.events.count { $0.kind == .send }
            var summary = "<strong>\(HTMLPage.escape(result.strategyLabel))</strong> · \(Prose.count(diagram.recorded, "event")) recorded"
                + " (\(Prose.count(messages, "message")) with changes"
                + (diagram.isCapped ? " among the \(diagram.events.count) drawn" : "") + ")"
            if diagram.isCapped || diagram.droppedByRun > 0 { summary += " · capped" }
            let caption = "\(result.strategyLabel): saves, messages and faults per endpoint, 0 to \(TimelineDiagram.secondsText(micros: diagram.windowEndMicros)) s."
                + (diagram.limits.isEmpty ? "" : " " + diagram.limits)
            html += "<details\(index == open ? " open" : "")>\n<summary>\(summary)</summary>\n"
            html += HTMLPage.figure(diagram.svg(label: "\(result.strategyLabel): saves, messages and faults per endpoint over virtual time"),
                                    caption: caption, className: "wide")
            html += "</details>\n"
        }
        return html
    }
}
