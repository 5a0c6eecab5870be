/// "Did you mean …?" for a word a person typed that is none of the names
/// allowed there: an option, a strategy, a metric, a scenario key. The one
/// place such suggestions are chosen, so the command line and scenario
/// files suggest alike.
public enum Suggestion {
    /// The edit distance from `a` to `b`: insertions, deletions,
    /// substitutions and swaps of two neighbouring characters, each 1
    /// (Damerau–Levenshtein as optimal string alignment: no part is edited
    /// twice, so `ca` → `abc` is 3, not 2). Counted in `Character`s, so an
    /// accented letter is one.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the table: the one before the previous (for swaps),
        // the previous and the current.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0 ... b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1 ... a.count {
            current[0] = i
            for j in 1 ... b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The name in `names` closest to `word` (case aside), when it is close
    /// enough to be a typo: at most `max(1, word.count / 3)` edits away.
    /// A tie goes to the name listed first, so the answer never depends on
    /// anything but the list. Nil when `word` is empty or none is close.
    public static func closest(to word: String, among names: [String]) -> String? {
        let typed = word.lowercased()
        let limit = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for name in names {
            let candidate = name.lowercased()
            // The lengths' difference is a lower bound of the distance: a
            // 100 KB value pasted as a key costs nothing to refuse.
            guard !typed.isEmpty, abs(candidate.count - typed.count) <= limit else { continue }
            let distance = distance(typed, candidate)
            if distance <= limit && distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// `"; did you mean lww?"`, to end a one-line error, or `""` when no
    /// name is close. `quote` goes either side of the name, as the error
    /// quotes its other names (`'equals'`, `"peer"`).
    public static func didYouMean(_ word: String, among names: [String], quote: String = "") -> String {
        // A name a file defined may be as long as anything typed.
        closest(to: word, among: names).map { "; did you mean \(quote)\(Echo.text($0))\(quote)?" } ?? ""
    }
}
