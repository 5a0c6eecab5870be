import Foundation
import SyncSimulation
import Testing
@testable import SyncLint

/// The summary advises on the catalog's strategies, in the catalog's
/// order family by family, and what it says runs on the container is what
/// the `nspckc` preset runs.
struct StrategyAdviceTests {
    typealias F = LintFixtures

    /// An alias (`dedupe:apple`) and the unique-constraint policies after
    /// the first have no line of their own; every other entry has one.
    @Test func theCatalogsStrategiesFamilyByFamily() {
        #expect(StrategyAdvice.strategyNames == ["unique:error", "lww", "lww:field", "dedupe", "dedupe:merge", "dedupe:deferred", "crdt", "keyid"])
    }

    /// A verdict that says yes names a strategy the `nspckc` preset runs,
    /// and the stacks it sends a strategy to run it.
    @Test(arguments: [true, false])
    func verdictsAgreeWithThePresets(_ hasKeys: Bool) throws {
        let nspckc = try #require(PresetCatalog.preset(named: "nspckc"))
        for name in StrategyAdvice.strategyNames {
            let verdict = StrategyAdvice.verdict(name, keyedNames: hasKeys ? "Article" : nil)
            if verdict.hasPrefix("yes") {
                #expect(nspckc.exclusion(of: name) == nil, "nspckc cannot run \(name)")
            }
            if verdict.hasPrefix("no:") {
                #expect(nspckc.exclusion(of: name) != nil, "nspckc runs \(name)")
            }
        }
        #expect(try #require(PresetCatalog.preset(named: "sqlitedata")).strategies.contains("lww:field"))
        #expect(try #require(PresetCatalog.preset(named: "sqlitedata")).strategies.contains("keyid"))
        #expect(try #require(PresetCatalog.preset(named: "cksyncengine")).strategies.contains("crdt"))
    }

    @Test func summaryOfAModelWithNaturalKeys() throws {
        let lines = try ModelLint.lint(F.brokenSwiftData).summaryLines
        #expect(lines[0] == "lint: 7 errors, 5 warnings, 1 note in 7 entities of Broken (SwiftData sources): the model fails to load with CloudKit")
        #expect(lines[1].hasPrefix("cloudkit: synced: SwiftData syncs with CloudKit"))
        #expect(lines[2].hasPrefix("stack: unknown: "))
        #expect(lines[3] == "natural keys (the model's unique constraints): Article (url), Person (givenName, familyName)")
        #expect(lines[4] == "SyncSim strategies with CloudKit (NSPersistentCloudKitContainer, simulate --preset nspckc):")
        #expect(lines.dropFirst(5).map { String($0.dropFirst(2).prefix { $0 != " " }) } == StrategyAdvice.strategyNames)
        #expect(lines[5].hasPrefix("  unique:error     no: "))
        #expect(lines[8] == "  dedupe           yes for Article, Person: fetch by natural key before insert, and Apple's dedupe pass after import (= dedupe:apple)")
    }

    @Test func summaryOfAModelWithoutNaturalKeys() throws {
        let lines = try ModelLint.lint(F.cleanSwiftData).summaryLines
        #expect(lines[3].hasPrefix("natural keys: none"))
        #expect(lines[8].hasPrefix("  dedupe           no natural key to dedupe by"))
    }

    @Test func warningsOnlyModelIsReadyButSaysSo() throws {
        let folder = try F.folder(["M.swift": "@Model final class M { var a: Int = 0; var z = 1 + 2 }\n"])
        let report = try ModelLint.lint(folder)
        #expect(report.exitStatus == 0)
        #expect(report.summaryLines[0] == "lint: 0 errors, 1 warning in 1 entity of \(URL(fileURLWithPath: folder).lastPathComponent) "
            + "(SwiftData sources): nothing found that fails at launch with CloudKit; check the warnings by hand")
    }
}
