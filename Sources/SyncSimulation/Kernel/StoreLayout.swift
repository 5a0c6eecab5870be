import SyncModel

/// Where `--store sqlite:DIR` keeps each replica's database file: one file
/// per run (scenario, sweep point, seed), strategy and replica, so that no
/// two runs, sequential or parallel, ever share one.
///
///     DIR/<scenario>/seed-<n>/<strategy>/<replica>.sqlite
///     DIR/<scenario>/seed-<n>/<strategy>/<replica>@<origin>.sqlite    after a wipe
///     DIR/<path>=<value>,…/<scenario>/seed-<n>/…                      a sweep point's runs
///
/// Every name is one path component, percent-encoded by ``component(_:)``,
/// so distinct names always give distinct components and `/` is only ever a
/// separator. The characters the layout adds (`@`, `=`, `,`, `~`) are never
/// left bare by the encoding, so they cannot be mistaken for part of a name:
/// a point folder (which holds a bare `=`) is never a scenario folder, and
/// `r3@3` is replica `r3` after a wipe, never a replica named `r3@3` (that one
/// is `r3%403`). Each level has one role, so the whole path is lossless.
public enum StoreLayout {
    /// The longest component, in UTF-8 bytes. File systems allow 255; a
    /// file name adds at most `@`, 20 digits, `.sqlite` and `.lock`.
    public static let maximumComponentBytes = 200

    /// The relative path of one replica's database file in a run.
    /// `incarnation` is 0 for a replica's first store and, after a wipe, the
    /// new origin it comes back as.
    public static func file(scenario: String, seed: UInt64, strategy: String, replica: String, incarnation: Int = 0) -> String {
        precondition(incarnation >= 0, "an incarnation is never negative")
        let replicaName = percentEncoded(replica) + (incarnation > 0 ? "@\(incarnation)" : "")
        return [component(scenario), "seed-\(seed)", component(strategy), shortened(replicaName) + ".sqlite"].joined(separator: "/")
    }

    /// The folder of one sweep point's runs: `network.drop=0.1`, settings in
    /// the sweep's parameter order, joined by `,`. Empty for no settings (a
    /// run outside a sweep).
    public static func pointFolder(_ settings: [(path: String, value: String)]) -> String {
        shortened(settings.map { percentEncoded($0.path) + "=" + percentEncoded($0.value) }.joined(separator: ","))
    }

    /// `name` as one safe path component: ASCII letters, digits, `-`, `_`
    /// and `.` stay (a leading `.` does not: no hidden files, no `.` or `..`);
    /// every other byte of its UTF-8, `%` included, becomes `%XX`; the empty
    /// name is `%` (no encoding ends in a bare `%`). Longer than
    /// ``maximumComponentBytes``: a readable prefix, `~` and a hash of the
    /// whole encoding.
    public static func component(_ name: String) -> String {
        shortened(percentEncoded(name))
    }

    /// The name ``component(_:)`` encoded; nil for a shortened component
    /// (its hash cannot be undone) or text no name encodes to.
    public static func name(ofComponent component: String) -> String? {
        if component == "%" { return "" }
        var bytes: [UInt8] = []
        var rest = Substring(component).utf8[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        guard let name = String(validating: bytes, as: UTF8.self) else { return nil }
        // Only the one canonical spelling decodes (`%41` is not `A`), so
        // decoding is the exact inverse of encoding.
        return Self.component(name) == component ? name : nil
    }

    static func percentEncoded(_ name: String) -> String {
        guard !name.isEmpty else { return "%" }
        var text = ""
        for (offset, byte) in name.utf8.enumerated() {
            if isSafe(byte) && !(offset == 0 && byte == UInt8(ascii: ".")) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + hexDigits(UInt64(byte), width: 2)
            }
        }
        return text
    }

    /// `text` itself when short enough; else its first bytes (never half of
    /// a `%XX`), `~` and 32 hex digits of ``StableHash`` over all of it: the
    /// same in every process, unlike Swift's per-process `Hasher`.
    static func shortened(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > maximumComponentBytes else { return text }
        var cut = maximumComponentBytes - 33
        // Every byte of an encoding is ASCII; step back out of a `%XX`.
        if bytes[cut - 1] == UInt8(ascii: "%") {
            cut -= 1
        } else if cut >= 2 && bytes[cut - 2] == UInt8(ascii: "%") {
            cut -= 2
        }
        let (high, low) = StableHash.hash128(bytes)
        return String(decoding: bytes[..<cut], as: UTF8.self) + "~" + hexDigits(high, width: 16) + hexDigits(low, width: 16)
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func hexDigits(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
