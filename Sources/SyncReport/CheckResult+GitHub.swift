import Foundation
import SyncScenarioFile

extension CheckFile {
    /// An `::error` per failed case, on the expectation's line, and one on
    /// the file itself when it could not be parsed, on the line of the
    /// fault (``ScenarioFileError/line(in:)``).
    public func githubAnnotations() -> [String] {
        switch outcome {
        case .checked(let scenario, let cases):
            return cases.filter(\.failed).map { item in
                GitHubAnnotation.error(file: path, line: item.line, message: "\(scenario): \(item.failureMessage)")
            }
        case .noExpectations:
            return []
        case .broken(let error):
            let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            return [GitHubAnnotation.error(file: path, line: error.line(in: text),
                                           message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")]
        }
    }
}

extension ScenarioFileError {
    /// The line (from 1) of `text`, the file's, that the error is about:
    /// where the JSON5 reader stopped, else where the value at ``path``
    /// (or the nearest enclosing one the text has) starts, else 1. The
    /// parsed tree keeps no positions, so the text is read again with
    /// lines, as ``ExpectationLocator`` does.
    public func line(in text: String?) -> Int {
        if let line { return line }
        guard !path.isEmpty, let text else { return 1 }
        // `steps[3].import.count` is four levels deep.
        let depth = 1 + path.count { $0 == "." || $0 == "[" }
        guard let (_, lines) = try? JSON5Value.parseWithLines(text, depth: depth) else { return 1 }
        var place = Substring(path)
        while !place.isEmpty {
            if let line = lines[String(place)] { return line }
            // The enclosing value: `steps[3].import` of `steps[3].import.count`.
            guard let cut = place.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            place = place[..<cut]
        }
        return 1
    }
}
