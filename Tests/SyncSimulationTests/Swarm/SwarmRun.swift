import Foundation
import SyncSimulation
import Testing

/// Runs swarm cases and turns a broken property into an issue that names
/// the case, its generated parameters, the strategy and how to replay it.
enum SwarmRun {
    static var soakEnabled: Bool { ProcessInfo.processInfo.environment["SYNCSIM_RUN_SOAK"] == "1" }

    /// The strategies that promise convergence once every fault is over.
    static let convergent: Set<String> = ["lww", "lww:field", "dedupe", "dedupe:apple", "dedupe:merge", "dedupe:deferred", "crdt", "keyid"]

    /// Runs `swarm` under `name` on `store`. A broken invariant (with
    /// `checksInvariants`) or a store that fails to open is recorded as an
    /// issue carrying the replay, rather than stopping the whole test
    /// process, and gives nil.
    static func run(_ swarm: SwarmCase, _ name: String, store: StoreKind = .memory, checksInvariants: Bool,
                    sourceLocation: SourceLocation = #_sourceLocation) -> RunResult? {
        guard let strategy = StrategyCatalog.strategy(named: name) else {
            Issue.record("no strategy called \(name)", sourceLocation: sourceLocation)
            return nil
        }
        do {
            return try Simulation.run(scenario: swarm.scenario, strategy: strategy, seed: swarm.seed, store: store,
                                      checksInvariants: checksInvariants)
        } catch {
            Issue.record("\(name) on \(store.name): \(error)\n\(swarm)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// What every run of a swarm case must satisfy, as failure texts (empty
    /// when all hold).
    ///
    /// - A strategy that promises convergence keeps it: every fault is over
    ///   by the final heal, no link drops every message, so the liveness
    ///   verdict is `held` (quiesced, and every replica agrees); and then
    ///   the figures agree with the verdict (no diverged replica, a
    ///   convergence time).
    /// - A strict unique constraint promises nothing: `not promised`.
    /// - `crdt` never holds a duplicate: every entity of the swarm schema has
    ///   one unique key, the identity key, from which `crdt` derives ids.
    /// - `unique:*` never holds a duplicate: the store refuses any
    ///   transaction that would leave two live holders of a key (MemoryStore
    ///   and the SQLite `UNIQUE` index), local or remote, whatever the policy.
    /// - `dedupe:*` ends with none once quiesced: every apply of remote changes
    ///   schedules a pass, quiescence waits for it, and the app's own saves
    ///   fetch by key before inserting (writers' races also schedule a pass).
    static func problems(_ result: RunResult, strategy name: String) -> [String] {
        var problems: [String] = []
        if convergent.contains(name) {
            if result.liveness != .held {
                problems.append("liveness \(result.liveness.rawValue), expected held after the final heal")
            } else if result.diverged != 0 || result.convergenceMicros == nil || !result.quiesced {
                problems.append("liveness held, yet diverged \(result.diverged), convergence \(String(describing: result.convergenceMicros)), "
                                + "quiesced \(result.quiesced)")
            }
        } else if result.liveness != .notPromised {
            problems.append("liveness \(result.liveness.rawValue), expected not promised")
        }
        if (name == "crdt" || name.hasPrefix("unique:")) && result.duplicates.peak != 0 {
            problems.append("duplicates.peak \(result.duplicates.peak), expected 0")
        }
        if name.hasPrefix("dedupe") && result.quiesced && result.duplicates.final != 0 {
            problems.append("duplicates.final \(result.duplicates.final) after quiescing, expected 0")
        }
        return problems
    }

    /// One line of figures for a failure message.
    static func summary(_ result: RunResult) -> String {
        "liveness \(result.liveness.rawValue), quiesced \(result.quiesced), end \(swarmTime(result.endMicros)), "
            + "events \(result.events), diverged \(result.diverged), convergence \(result.convergenceMicros.map(swarmTime) ?? "none"), "
            + "duplicates final \(result.duplicates.final) peak \(result.duplicates.peak), lost writes \(result.lostWrites.total), "
            + "rejected \(result.rejected.total), network sent \(result.network.sent) dropped \(result.network.dropped)"
    }

    /// Runs every strategy of the catalog on `swarm` and checks
    /// ``problems(_:strategy:)``. Runs are without invariant checks, except
    /// the strategies in `checked`, which run with them too; the checked run
    /// must give the same figures (checking only reads).
    static func check(_ swarm: SwarmCase, invariantsOn checked: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for name in StrategyCatalog.builtInNames {
            guard let result = run(swarm, name, checksInvariants: false, sourceLocation: sourceLocation) else { continue }
            let problems = problems(result, strategy: name)
            if !problems.isEmpty {
                Issue.record("\(name): \(problems.joined(separator: "; "))\n  \(summary(result))\n\(swarm)", sourceLocation: sourceLocation)
            }
            guard checked.contains(name), let withChecks = run(swarm, name, checksInvariants: true, sourceLocation: sourceLocation) else {
                continue
            }
            #expect(withChecks.invariantChecks > 0, "\(name): no invariant was checked\n\(swarm)", sourceLocation: sourceLocation)
            let differences = OutcomeFigures.differences(RunFingerprint(result), RunFingerprint(withChecks), ignoring: ["invariantChecks"])
            if !differences.isEmpty {
                Issue.record("\(name): checking invariants changed figures:\n  \(differences.joined(separator: "\n  "))\n\(swarm)",
                             sourceLocation: sourceLocation)
            }
        }
    }
}

/// Compares the figures of two runs by name (``RunFingerprint`` labels).
enum OutcomeFigures {
    /// `label: a ≠ b` for every figure that differs, leaving out `ignoring`.
    static func differences(_ a: RunFingerprint, _ b: RunFingerprint, ignoring: Set<String>) -> [String] {
        let left = byLabel(a), right = byLabel(b)
        precondition(left.map(\.label) == right.map(\.label), "fingerprints of different shapes")
        return zip(left, right).compactMap { pair in
            guard !ignoring.contains(pair.0.label), pair.0.value != pair.1.value else { return nil }
            return "\(pair.0.label): \(pair.0.value) ≠ \(pair.1.value)"
        }
    }

    /// The fingerprint's figures as (label, value), in declaration order.
    static func byLabel(_ fingerprint: RunFingerprint) -> [(label: String, value: String)] {
        fingerprint.figures.map { figure in
            let equals = figure.firstIndex(of: "=")!
            return (String(figure[..<equals]), String(figure[figure.index(after: equals)...]))
        }
    }
}
