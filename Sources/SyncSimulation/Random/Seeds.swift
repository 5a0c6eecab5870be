/// Seeds as people write them: `--seed S`, `--seeds A..B` or `--seeds
/// 1,5,9` on the command line, and `seed: S` in a scenario file. One range
/// everywhere, every `UInt64` (``SplitMix64`` takes any), so a seed that
/// one command prints is one every other command and a file accept.
public enum Seeds {
    /// How messages name a seed's values.
    public static let rangeText = "a whole number from 0 to \(UInt64.max)"
    /// The most seeds one `--seeds` may name: a run per seed (and per
    /// point, for a sweep) is work enough.
    public static let maximumCount = 100_000

    /// A seed in decimal digits only (no sign, space or underscore); nil
    /// for anything else, a number above `UInt64.max` included.
    public static func parse<Text: StringProtocol>(_ text: Text) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }) else { return nil }
        return UInt64(text, radix: 10)
    }

    /// `A..B` (both included, A ≤ B) or `S1,S2,…` (no seed twice), each
    /// seed read by ``parse(_:)``; nil when the text is neither or names
    /// more than ``maximumCount`` seeds.
    public static func parseList(_ text: String) -> [UInt64]? {
        if let range = text.range(of: "..") {
            guard let low = parse(text[..<range.lowerBound]), let high = parse(text[range.upperBound...]),
                  low <= high, high - low < UInt64(maximumCount) else { return nil }
            return Array(low ... high)
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maximumCount else { return nil }
        var seeds: [UInt64] = []
        var seen = Set<UInt64>()
        for part in parts {
            guard let seed = parse(part), seen.insert(seed).inserted else { return nil }
            seeds.append(seed)
        }
        return seeds
    }
}
