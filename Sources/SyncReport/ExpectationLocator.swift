import SyncScenarioFile
import SyncSimulation

/// Finds the line of each expectation in a scenario file's text, for
/// annotations that point at it (`::error file=…,line=…`, JUnit's `line`).
///
/// The scenario parser keeps no positions in the tree it reads, so this
/// reads the text again with ``JSON5Value/parseWithLines(_:depth:)``, the
/// same JSON5 parser, which gives the line where each item of the
/// top-level `expect` list starts.
public enum ExpectationLocator {
    /// The line (from 1) of each of `expectations`, the document's list in
    /// its order. The parser drops expectations about strategies a preset
    /// does not run, so the document's list is a subsequence of the file's
    /// items, matched here in order by strategy and metric. An expectation
    /// that cannot be matched gets the line of the `expect` list (and 1 if
    /// even that is missing).
    public static func lines(of expectations: [Expectation], in text: String) -> [Int] {
        lines(of: expectations.map(ScenarioExpectation.metric), in: text)
    }

    /// The same for every kind of expectation: a value expectation matches
    /// an item with its strategy, a `record` and its field.
    public static func lines(of expectations: [ScenarioExpectation], in text: String) -> [Int] {
        guard let (document, lines) = try? JSON5Value.parseWithLines(text, depth: 2), let listLine = lines["expect"] else {
            return expectations.map { _ in 1 }
        }
        let list = document["expect"]?.arrayItems ?? []
        var items = list.enumerated().map { index, item in
            (line: lines["expect[\(index)]"] ?? listLine, strategy: item["strategy"]?.stringValue, metric: item["metric"]?.stringValue,
             isValue: item["record"] != nil, field: item["field"]?.stringValue)
        }[...]
        return expectations.map { expectation in
            while let item = items.popFirst() {
                switch expectation {
                case .metric(let metric):
                    if !item.isValue && item.strategy == metric.strategy && item.metric == metric.metric.rawValue { return item.line }
                case .value(let value):
                    if item.isValue && item.strategy == value.strategy && item.field == value.fieldName { return item.line }
                }
            }
            return listLine
        }
    }
}
