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
}
