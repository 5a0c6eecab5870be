/// Scenario texts that more than one test target explores: the explore
/// and shrink library tests and the command-line tests.
public enum ExploreFixtures {
    /// r2 creates a user r1 created 250 ms earlier. With sync working, the
    /// `dedupe` strategy's fetch finds r1's record and never makes a
    /// duplicate (checked on seeds 1…40 with no faults); a partition or
    /// crash that keeps r1's create from r2 for 250 ms makes one.
    public static let lateCreate = """
    // A fetch-first create that only a fault turns into a duplicate.
    {
      name: "late-create",
      description: "A fetch-first create that only a fault turns into a duplicate.",
      replicas: 3,
      until: "2s",
      network: { delay: ["1ms", "10ms"] },
      sync: { every: "50ms", jitter: "10ms" },
      steps: [
        { at: "0s", on: "r1", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
        { at: "0s", on: "r3", import: { entity: "User", count: 20 } },
        { at: "100ms", on: "all", random: { entity: "User", ops: 5, keys: 20, over: "500ms", mix: { update: 1 } } },
        { at: "250ms", on: "r2", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
      ],
      strategies: ["dedupe", "crdt"],
      expect: [
        { strategy: "dedupe", metric: "duplicates.peak", equals: 0 },
        { strategy: "*", metric: "converged", equals: 1 },
      ],
    }
    """

    /// Every device imports the same 10 users while offline, then the
    /// partition heals: `lww` keeps every copy, 20 duplicates, on every
    /// seed without faults. A crash during the import loses a device's
    /// copies (seeds 4 and 5 of the default nemesis), and an empty file,
    /// 0 duplicates, fails the expectation with no fault at all: what
    /// `--shrink` once reduced such a failure to.
    public static let offlineImport = """
    // Every device imports the same 10 users offline, then syncs.
    {
      name: "offline-import",
      description: "Every device imports the same 10 users offline; after the heal lww keeps every copy.",
      replicas: 3,
      until: "4s",
      network: { delay: ["1ms", "10ms"] },
      sync: { every: "50ms", jitter: "10ms" },
      steps: [
        { at: "0s", partition: "each" },
        { at: "100ms", on: "all", import: { entity: "User", count: 10 } },
        { at: "1s", heal: true },
      ],
      strategies: ["lww"],
      expect: [
        { strategy: "lww", metric: "duplicates.final", equals: 20 },
      ],
    }
    """

    /// Two devices import the same user: one duplicate under `lww`. Under
    /// `lateCreate` on a network that loses all but one message in 10,000,
    /// with no expectation: sync cannot finish in the healed phase, a real
    /// liveness failure of `dedupe` and `crdt` on every seed. (A nemesis
    /// that runs to `until` no longer makes one: a heal that close to the
    /// end leaves the run cut short, its liveness not judged.)
    public static let lossyCreate = """
    {
      name: "lossy-create",
      replicas: 3,
      until: "2s",
      network: { delay: ["1ms", "10ms"], drop: 0.9999 },
      sync: { every: "50ms", jitter: "10ms" },
      steps: [
        { at: "0s", on: "r1", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
        { at: "0s", on: "r3", import: { entity: "User", count: 20 } },
        { at: "100ms", on: "all", random: { entity: "User", ops: 5, keys: 20, over: "500ms", mix: { update: 1 } } },
        { at: "250ms", on: "r2", create: { entity: "User", fields: { email: "elena@example.com", name: "Elena" } } },
      ],
      strategies: ["dedupe", "crdt"],
    }
    """

    /// `pairImportNemesis` a device is down for the import on every seed,
    /// and no smaller file keeps that failure while passing without the
    /// crash: dropping a device, the import or a target fails with no
    /// fault too, and `until` already ends one healed phase after it.
    public static let pairImport = """
    {
      name: "pair-import",
      replicas: 2,
      until: "2s",
      network: { delay: ["1ms", "10ms"] },
      sync: { every: "50ms", jitter: "10ms" },
      steps: [
        { at: "100ms", on: "all", import: { entity: "User", count: 1 } },
      ],
      strategies: ["lww"],
      expect: [
        { strategy: "lww", metric: "duplicates.final", equals: 1 },
      ],
    }
    """

    /// One crash for the first second, no partition: `--nemesis` for `pairImport`.
    public static let pairImportNemesis = "every=1s,until=1s,partition=0,crash=1"
}
