import Foundation

/// What the HTML tests read in a page: how often a string occurs, the
/// only URLs it holds, and the texts of its SVG.
public enum HTMLText {
    /// How many times `needle` occurs in `text`.
    public static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Every `http` in the page is the SVG namespace.
    public static func onlySVGNamespaceURLs(_ page: String) -> Bool {
        count("http", in: page) == count("\"http://www.w3.org/2000/svg\"", in: page)
    }

    /// The text of every `<text>` element in the page.
    public static func svgTexts(_ page: String) -> [String] {
        page.components(separatedBy: "<text ").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else { return nil }
            return String(part[part.index(after: open) ..< close.lowerBound])
        }
    }
}
