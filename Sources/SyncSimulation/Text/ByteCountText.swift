/// Sizes in bytes as people read and write them: `512 MiB`, `1.5 GiB`, and
/// back (`--max-memory 512M`).
public enum ByteCountText {
    private static let units: [(suffix: String, bytes: Double)] = [("TiB", 0x1p40), ("GiB", 0x1p30), ("MiB", 0x1p20), ("KiB", 0x1p10)]

    /// `bytes` in the largest unit it fills, to one decimal where needed.
    public static func text(_ bytes: Int) -> String { text(Double(bytes)) }

    /// The same for a size that may pass `Int` (an estimate).
    public static func text(_ bytes: Double) -> String {
        for unit in units where bytes >= unit.bytes {
            let tenths = Int((bytes / unit.bytes * 10).rounded())
            guard tenths < 100_000 else { return "\(GroupedDigits.text(tenths / 10)) \(unit.suffix)" }
            return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " \(unit.suffix)"
        }
        return "\(Int(bytes)) B"
    }

    /// A size such as `512M`, `2G`, `1.5GiB`, `800MB` or `1048576` (bytes):
    /// K, M and G are powers of 1,024. Nil for anything else.
    public static func bytes(_ text: String) -> Int? {
        var number = Substring(text)
        var multiplier = 1
        for (suffixes, bytes) in [(["GIB", "GB", "G"], 1 << 30), (["MIB", "MB", "M"], 1 << 20), (["KIB", "KB", "K"], 1 << 10), (["B"], 1)] {
            if let suffix = suffixes.first(where: { text.uppercased().hasSuffix($0) }) {
                number = number.dropLast(suffix.count)
                multiplier = bytes
                break
            }
        }
        guard let value = Double(number), value.isFinite, value > 0, value * Double(multiplier) < 9e18 else { return nil }
        let bytes = Int((value * Double(multiplier)).rounded())
        return bytes > 0 ? bytes : nil
    }
}
