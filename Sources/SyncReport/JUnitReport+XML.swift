extension JUnitReport {
    /// The XML document, two-space indented, with a trailing newline. No
    /// timestamps, and each case's `time` is 0 when timing is left out, so
    /// the same check writes the same bytes then.
    public func xml() -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append("<testsuites" + Self.attributes([("name", name), ("tests", "\(tests)"), ("failures", "\(failures)"),
                                                      ("errors", "\(errors)")]) + ">")
        for suite in suites {
            lines.append("  <testsuite" + Self.attributes([("name", suite.name), ("tests", "\(suite.cases.count)"),
                                                           ("failures", "\(suite.failures)"), ("errors", "\(suite.errors)"),
                                                           ("skipped", "\(suite.skipped)")]) + ">")
            for item in suite.cases {
                var attributes = [("classname", item.classname), ("name", item.name)]
                if let file = item.file { attributes.append(("file", file)) }
                if let line = item.line { attributes.append(("line", "\(line)")) }
                attributes.append(("time", item.timeText))
                let open = "    <testcase" + Self.attributes(attributes)
                switch item.result {
                case .passed:
                    lines.append(open + "/>")
                case .failure(let message, let detail):
                    lines += [open + ">", "      <failure" + Self.attributes([("message", message), ("type", "expectation")]) + ">"
                        + XMLEscaping.text(detail) + "</failure>", "    </testcase>"]
                case .skipped(let message):
                    lines += [open + ">", "      <skipped" + Self.attributes([("message", message)]) + "/>", "    </testcase>"]
                case .error(let message, let detail):
                    lines += [open + ">", "      <error" + Self.attributes([("message", message), ("type", "scenario file")]) + ">"
                        + XMLEscaping.text(detail) + "</error>", "    </testcase>"]
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// ` a="1" b="2"`, in the order given.
    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
    }
}

/// Escaping for XML 1.0 text and double-quoted attribute values.
enum XMLEscaping {
    /// Character data: `&` and `<` must be escaped, `>` is escaped so that
    /// `]]>` cannot appear.
    static func text(_ value: String) -> String {
        escape(value, inAttribute: false)
    }

    /// An attribute value in double quotes. Tabs and line breaks are written
    /// as character references, or a parser would normalise them to spaces.
    static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var output = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where inAttribute: output += "&quot;"
            case "\n" where inAttribute: output += "&#10;"
            case "\r": output += "&#13;"
            case "\t" where inAttribute: output += "&#9;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            // XML 1.0 has no way to write other control characters or the
            // non-characters U+FFFE and U+FFFF, even as references.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
