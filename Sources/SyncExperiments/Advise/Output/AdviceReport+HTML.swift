import SyncReport

extension AdviceReport {
    /// The options in the overall ranking's order, best first: the order
    /// of every table and small multiple, and each option's number there.
    var displayOrder: [Int] { verdict.ranking.tiers.flatMap { verdict.best($0.options) } }

    /// `advise.html`: the recommendation first, the steps, the ranking,
    /// then per habit a small multiple per harm (every option's mean with
    /// its 95% interval, on the same rows in every panel), and the replay
    /// commands. One self-contained page, no script, readable at 1280 px.
    public var html: String {
        var body = "<h1>Which stack to ship: \(HTMLPage.escape(subject.model))</h1>\n"
        body += "<p class=\"meta\">\(HTMLPage.escape(metaLine))</p>\n"
        body += HTMLPage.finding(["Recommendation: " + recommendationSentence] + contrastLines)
        for warning in warnings { body += "<p class=\"warning\">Warning: \(HTMLPage.escape(warning))</p>\n" }
        body += HTMLPage.contents([("steps", "Steps"), ("ranking", "Ranking")]
            + result.plan.workloads.indices.map { ("habit-\($0 + 1)", "Habit \(result.plan.workloads[$0].name)") }
            + [("replay", "Replay"), ("notes", "Notes")])
        body += "<h2 id=\"steps\">Steps</h2>\n" + stepsHTML(title: "Ship", option: verdict.recommended)
        if let runnerUp = verdict.runnerUp { body += stepsHTML(title: "Runner-up", option: runnerUp) }
        body += "<h2 id=\"ranking\">Ranking</h2>\n"
        body += "<p>Each option by its worst habit, harm by harm; ranked on \(HTMLPage.escape(verdict.order.map(\.label).joined(separator: ", "))). "
            + "Options that share a tier are tied: their 95% intervals overlap on every harm.</p>\n"
        body += rankingTableHTML
        body += "<h2>By habit</h2>\n<ul>\n" + result.plan.workloads.indices.map { "<li>\(HTMLPage.escape(habitSentence($0)))</li>\n" }.joined() + "</ul>\n"
        for workload in result.plan.workloads.indices { body += habitHTML(workload) }
        body += "<h2 id=\"replay\">Replay</h2>\n<p>The command that replays each option's worst run (the run that shows why it ranks where it does); a scenario under <code>scenarios/</code> lies beside this page, so run it from here.</p>\n"
        body += HTMLPage.table(headers: ["#", "option", "worst run"], numeric: [true, false, false], htmlRows: displayOrder.enumerated().map { position, option in
            ["\(position + 1)", HTMLPage.breakable(result.options[option].description), "<code>\(HTMLPage.escape(worstRunReplay(of: option)))</code>"]
        })
        body += "<h2 id=\"notes\">Notes</h2>\n<ul>\n" + subject.notes.map { "<li>\(HTMLPage.escape($0))</li>\n" }.joined() + "</ul>\n"
        return HTMLPage.document(title: "advise: \(subject.model)", body: body)
    }

    /// Model, keys, devices and seeds in one line.
    var metaLine: String {
        "Natural keys: \(subject.keys.joined(separator: ", ")) · \(subject.devices) devices · \(result.plan.seeds.count) seeds per option and habit "
            + "(\(result.plan.seeds.first!)..\(result.plan.seeds.last!)) · 95% intervals for the mean"
    }

    func stepsHTML(title: String, option: Int) -> String {
        let id = result.options[option]
        return "<h3>\(HTMLPage.escape(title)): \(HTMLPage.escape(id.description))</h3>\n"
            + "<p>\(HTMLPage.escape(Self.stackName(id.preset))), \(HTMLPage.escape(Self.strategySummary(id.strategy)))</p>\n<ol>\n"
            + AdviceSteps.steps(for: id).map { "<li>\(HTMLPage.escape($0))</li>\n" }.joined() + "</ol>\n"
    }

    var rankingTableHTML: String {
        let harms = AdviceHarm.allCases
        return HTMLPage.table(headers: ["#", "tier", "option"] + harms.map(\.label), numeric: [true, true, false] + harms.map { _ in true },
                              htmlRows: displayOrder.enumerated().map { position, option in
            ["\(position + 1)", "\(verdict.ranking.tierIndex(of: option) + 1)", HTMLPage.breakable(result.options[option].description)]
                + harms.map { HTMLPage.escape(numberText(verdict.overall[option].figures[$0].mean, $0)) }
        })
    }

    /// One habit: its sentence and a small multiple per harm that some
    /// option shows (a harm every option has at 0 gets a line, not a panel).
    func habitHTML(_ workload: Int) -> String {
        let habit = result.plan.workloads[workload]
        var html = "<h2 id=\"habit-\(workload + 1)\">Habit \(HTMLPage.escape(habit.name))</h2>\n"
        html += "<p>\(HTMLPage.escape(habitSentence(workload))) Scenario: <code>\(HTMLPage.escape(habit.path))</code>. "
            + "Rows are the options' numbers in the ranking; the bar is the mean, the line its 95% interval, the dot the worst run.</p>\n"
        let shown = AdviceHarm.allCases.filter { harm in result.options.indices.contains { verdict.options[$0].habits[workload].figures[harm].worst > 0 } }
        let none = AdviceHarm.allCases.filter { !shown.contains($0) }
        html += "<div class=\"grid\">\n" + shown.map { smallMultiple(workload: workload, harm: $0) }.joined() + "</div>\n"
        if !none.isEmpty {
            html += "<p class=\"meta\">No option showed any \(HTMLPage.escape(none.map(\.label).joined(separator: ", "))) under this habit.</p>\n"
        }
        return html
    }

    /// Every option's figure of one harm under one habit, as bars on the
    /// rows of ``displayOrder``; the recommendation's row stands out.
    func smallMultiple(workload: Int, harm: AdviceHarm) -> String {
        let rows = displayOrder
        let figures = rows.map { verdict.options[$0].habits[workload].figures[harm] }
        let top = max(figures.map { max($0.high, $0.worst) }.max() ?? 0, 1e-9)
        let (width, labelWidth, valueWidth, rowHeight, headHeight) = (300.0, 26.0, 52.0, 12.0, 18.0)
        let plotWidth = width - labelWidth - valueWidth
        let height = headHeight + rowHeight * Double(rows.count) + 4
        func x(_ value: Double) -> String { SVGNumber.coordinate(labelWidth + plotWidth * value / top) }
        var svg = "<svg viewBox=\"0 0 \(SVGNumber.coordinate(width)) \(SVGNumber.coordinate(height))\" role=\"img\" "
            + "aria-label=\"\(HTMLPage.escape(harm.label)) under \(HTMLPage.escape(result.plan.workloads[workload].name)), per option\">\n"
        svg += "<text x=\"0\" y=\"12\" font-size=\"11\" font-weight=\"600\">\(HTMLPage.escape(harm.label)) (\(HTMLPage.escape(harm.unit)))</text>\n"
        for (position, figure) in figures.enumerated() {
            let y = headHeight + rowHeight * Double(position)
            let isRecommended = rows[position] == verdict.recommended
            let color = isRecommended ? "#0072B2" : "#9a9a9a"
            if isRecommended {
                svg += "<rect x=\"0\" y=\"\(SVGNumber.coordinate(y))\" width=\"\(SVGNumber.coordinate(width))\" height=\"\(SVGNumber.coordinate(rowHeight))\" fill=\"#F1F6FA\"/>\n"
            }
            svg += "<text x=\"\(SVGNumber.coordinate(labelWidth - 4))\" y=\"\(SVGNumber.coordinate(y + 9.5))\" font-size=\"9\" text-anchor=\"end\">\(position + 1)</text>\n"
            svg += "<rect x=\"\(SVGNumber.coordinate(labelWidth))\" y=\"\(SVGNumber.coordinate(y + 3))\" width=\"\(SVGNumber.coordinate(plotWidth * figure.mean / top))\" "
                + "height=\"6\" fill=\"\(color)\"/>\n"
            if figure.high > figure.low {
                svg += "<line x1=\"\(x(figure.low))\" x2=\"\(x(figure.high))\" y1=\"\(SVGNumber.coordinate(y + 6))\" y2=\"\(SVGNumber.coordinate(y + 6))\" "
                    + "stroke=\"#333\" stroke-width=\"1\"/>\n"
            }
            if figure.worst > figure.mean {
                svg += "<circle cx=\"\(x(figure.worst))\" cy=\"\(SVGNumber.coordinate(y + 6))\" r=\"1.8\" fill=\"#D55E00\"/>\n"
            }
            svg += "<text x=\"\(SVGNumber.coordinate(width))\" y=\"\(SVGNumber.coordinate(y + 9.5))\" font-size=\"9\" text-anchor=\"end\">"
                + "\(HTMLPage.escape(numberText(figure.mean, harm)))</text>\n"
        }
        svg += "</svg>\n"
        return "<figure>\n\(svg)</figure>\n"
    }
}
