import SyncSimulation

enum Usage {
    static let text = """
    OVERVIEW: Simulate replicas of a record store syncing over a lossy network, and
    measure, strategy by strategy, the duplicate records, lost writes and diverged
    replicas each way of enforcing uniqueness produces.

    USAGE: simulate [--replicas N] [--seed S] [--engine ENGINE | --preset STACK] [--strategies LIST] [--format FORMAT] [--no-timing] [--store STORE] [--concurrency MODE]
                    [--check-invariants]
           simulate run FILE... [--seed S] [--engine ENGINE | --preset STACK] [--strategies LIST] [--format FORMAT] [--no-timing] [--store STORE] [--concurrency MODE]
                    [--check-invariants]
           simulate check FILE|DIR... [--seed S] [--engine ENGINE | --preset STACK] [--store STORE] [--check-invariants]
           simulate race [--writers LIST] [--trials T] [--think-micros N] [--lockstep] [--strategies LIST] [--format FORMAT]
           simulate sweep FILE --vary PATH=V1,V2,… [--vary …] [--seeds A..B] [--strategies LIST] [--store STORE]
                          [--out DIR] [--shard K/N] [--quiet] [--check-invariants]
           simulate merge PART... --out DIR
           simulate explore FILE [--seeds A..B] [--nemesis SETTINGS] [--shrink --out DIR] [--quiet] [--check-invariants]
           simulate benchmark [--records N] [--batch B] [--store sqlite|sqlite:DIR]
           simulate lint MODEL [--write-schema FILE]

    With no command, runs the built-in default scenario once per strategy, all from
    one seed: N replicas start partitioned from each other; each imports the same
    100 users (email unique) and makes 50 random edits; at 2 s the partition heals,
    over a network that drops 10% and duplicates 5% of messages with 5–80 ms of
    delay. The run ends when it is quiesced (nothing scheduled or possible can change
    any replica: no step or message left, every change at every replica that can
    get it), or at 60 s of virtual time with "did not quiesce" warned and
    "quiesced": false in JSON. The same arguments give the same figures on any
    machine.

    run     runs scenario files (.json5, see Scenarios/README.md) and reports them
            like the default scenario, with their expectations checked. Several
            files give several reports (a JSON array with --format json).
    check   runs the expectations of scenario files, or of every .json5 file in a
            folder: one PASS or FAIL line each, then "N passed, M failed". Exit
            status 1 when any fails: what a CI job calls.
    race    real threads (Dispatch): W writers create the same key at once on
            one replica, T times, per strategy and W (default 1,2,4,8,16 writers,
            200 trials, 50 µs between each writer's fetch and save); prints how
            often a duplicate was left. Threads decide, so figures vary.
    sweep   a grid of settings × seeds for one scenario file: any setting by its
            path (network.drop, replicas, sync.fanout, steps[1].import.count …),
            every strategy at every point; per point, strategy and metric: mean,
            standard deviation, min, max and a 95% Student's t interval. Runs
            on every core; prints a Markdown summary; --out writes sweep.csv,
            sweep.json, sweep.md and sweep.html. --shard K/N runs the K-th of N
            disjoint slices and writes DIR/sweep-part-K-of-N.json instead.
    merge   combines the part files of a sharded sweep into the same files one
            unsharded run writes.
    explore runs a scenario file once per seed (default 1..30) with a seeded random
            fault schedule added: a nemesis step from 0 s to half the file's
            'until' (so the second half is a healed phase) that every 300 ms
            heals the network or, with probability 0.5, splits the replicas in
            two at random, and with probability 0.2 crashes a running replica
            for one period; --nemesis changes these. Seed S fixes the schedule.
            On every seed it checks the file's expectations and the liveness
            promise (after the faults end, a strategy that promises to converge
            does so before 'until'), and prints one FAIL line per failing seed
            with the command that replays it, then "N passed, M failed"; exit
            status 1 when any seed failed. Seeds run on every core; the output
            is in seed order and the same on every run.
            --shrink minimises each failing seed's first failure and writes it
            as a plain scenario file DIR/<scenario>-seed-<S>.json5 that
            'simulate run' and 'simulate check' reproduce: only the failing
            strategy and expectation (for a broken liveness promise, 'liveness
            equals 1'), the nemesis's faults written out as steps, then, as
            long as it still fails the same way: a shorter 'until' (never less
            than the healed phase after the last step), fewer steps, lower
            import and random counts, fewer targets and replicas (at most 500
            runs per seed). A SHRUNK line says how many runs it took and the
            sizes before and after.
    lint    reads an app's data model, a Core Data .xcdatamodeld (its current
            version, from .xccurrentversion) or .xcdatamodel, or a folder of
            SwiftData sources (every .swift file, file-level @Model classes),
            and reports, as FILE:LINE: error|warning|note: message [rule], what
            NSPersistentCloudKitContainer (and so SwiftData with a CloudKit
            database) refuses at launch: unique constraints (@Attribute(.unique),
            #Unique), attributes neither optional nor defaulted, Undefined and
            Object ID attributes, required, ordered or inverse-less
            relationships, the Deny delete rule. A SwiftData relationship
            without an explicit inverse pairs with the one relationship back
            (none is an error, several a warning). What the scanner cannot
            read for certain is a warning, never a guess. Then a summary: the
            natural keys (the unique constraints) and which strategies fit the
            model with CloudKit. Sources: docs/sources/lint-rules.md.
    benchmark  the SQLite store's apply rate (records/s) beside a bare SQLite
            upsert loop over the same rows (default 20000 records, 100 per
            transaction): the store layer's overhead as a ratio. Build with
            -c release to measure.

    OPTIONS:
      --replicas N        replicas in the default scenario, \(CommandLineOptions.replicaRange.lowerBound) to \(CommandLineOptions.replicaRange.upperBound) (default 5)
      --seed S            seed for every random draw, 0 to \(UInt64.max) (default: 1,
                          or the scenario file's own seed)
      --engine ENGINE     the sync engine: \(EngineCatalog.allNames.joined(separator: " or ")) (default: the scenario
                          file's own 'engine', peer for the built-in scenario); see ENGINES
      --preset STACK      run as a stack you could ship: \(PresetCatalog.allNames.joined(separator: ", ")).
                          Sets the engine, its settings and the topology (a file's
                          own engine, topology and engine settings are dropped);
                          strategies the stack cannot run are left out of the
                          default list and refused in --strategies; see PRESETS
      --strategies LIST   comma-separated strategy names, run and reported in that
                          order (default: the first eight below, or the file's list)
      --format FORMAT     table (default: aligned for a terminal), json or markdown
      --no-timing         leave out wall-clock figures, so that output is
                          byte-identical from run to run
      --store STORE       where replicas keep records: memory (default), sqlite (a
                          private in-memory SQLite database per replica) or
                          sqlite:DIR (a database file per replica under DIR, emptied
                          at the start of each run; a wipe deletes the file)
      --check-invariants  check the simulator's own state after every event (store
                          indexes against their records, causal apply, version
                          vectors, counters against a recount) and stop at the
                          first broken invariant, with exit status 3. On by
                          default in debug builds; costs time in release ones
      --concurrency MODE  how steps with writers run: deterministic (default:
                          simulated tasks the seed interleaves) or dispatch (real
                          threads; such runs are labelled not reproducible)
      --writers LIST      race: writer counts, comma-separated, each 1 to 64
      --trials T          race: trials per strategy and writer count, 1 to 100000
      --think-micros N    race: microseconds each writer works between its fetch
                          and its save, 0 to 1000000 (default 50)
      --lockstep          race: every writer fetches before any saves (the bad
                          interleaving, forced)
      --records N         benchmark: records created, then updated (1 to 10000000)
      --batch B           benchmark: records per transaction (1 to 100000)
      --out DIR           write report.md, report.json, report.csv and report.html
                          (run and check: one folder per scenario under DIR; sweep
                          and merge: sweep.* files; explore: shrunk scenarios)
      --vary PATH=V1,…    sweep: a setting and its values (repeat for a grid)
      --seeds A..B        sweep: the seeds of every point (default 1..30), or a list;
                          explore: the seeds to run (default 1..30)
      --shard K/N         sweep: run only the K-th of N slices (needs --out)
      --quiet             sweep, explore: no progress bar (shown on a terminal
                          otherwise)
      --nemesis SETTINGS  explore: the fault schedule, any of every=DURATION,
                          until=DURATION, partition=P, crash=P, comma-separated
                          (default every=300ms,until=<half the file's until>,
                          partition=0.5,crash=0.2)
      --shrink            explore: minimise each failure into a scenario file
                          under --out DIR
      --write-schema FILE lint: also write the model's entities, keys and
                          relationships as a scenario file (JSON5) that
                          'simulate run' reads; add steps for your workload
      -h, --help          show this help

    STRATEGIES:
      unique:error        unique constraint, NSErrorMergePolicy: a colliding save fails
      unique:objectTrump  unique constraint, object-trump: SwiftData's upsert
      unique:storeTrump   unique constraint, store-trump: the stored values stay
      unique:overwrite    unique constraint, overwrite: the new record replaces
      unique:rollback     unique constraint, rollback: the new record is discarded
      lww                 CloudKit style, no dedupe: newest write wins per record
      dedupe              fetch before insert, and Apple's dedupe pass after each sync
      crdt                ids derived from the natural key, per-field merge
      lww:field           as lww, but newest write wins per field (not run by default)
      dedupe:apple        the same as dedupe; results carry the name you typed
      dedupe:merge        as dedupe, but the losers' newer values go to the winner
      dedupe:deferred     as dedupe, but losers are marked and deleted later

    ENGINES:
    \(EngineCatalog.summaries.map { "  " + $0.name + String(repeating: " ", count: max(1, 20 - $0.name.count)) + $0.summary }.joined(separator: "\n"))

    PRESETS (the evidence for each, documented or observed, is in the README):
    \(PresetCatalog.all.map { preset in
        "  " + preset.name + String(repeating: " ", count: max(1, 20 - preset.name.count)) + preset.stack
            + (preset.exclusions.isEmpty ? "" : "\n" + String(repeating: " ", count: 22) + "cannot run " + preset.exclusions.map(\.label).joined(separator: ", "))
    }.joined(separator: "\n"))

    EXIT STATUS: 0 on success; 1 when 'check' finds a failed expectation,
    'explore' a failing seed, or 'lint' an error (the model would fail to load
    with CloudKit; warnings alone exit 0); 2 for a bad argument, scenario file
    or model (the message names the file, the place in it, and what was
    expected); 3 when an invariant of the simulator broke (a SyncSim bug: the
    message names the invariant, replica, time and seed, and the command that
    replays it; 'explore' reports it as a failing seed instead). Progress goes
    to stderr when it is a terminal.
    """
}
