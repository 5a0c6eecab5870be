import Foundation
import Testing
@testable import SyncLint

/// Every rule's source is written down in docs/sources/lint-rules.md under
/// the name printed after its findings.
struct LintRuleSourcesTests {
    static var document: String {
        (try? String(contentsOf: LintFixtures.packageRoot.appendingPathComponent("docs/sources/lint-rules.md"), encoding: .utf8)) ?? ""
    }

    @Test(arguments: LintRule.allCases)
    func ruleHasASection(rule: LintRule) {
        let text = Self.document
        #expect(text.contains("### `\(rule.rawValue)` (\(rule.severity.rawValue))"), "no section for \(rule.rawValue) with its severity")
    }
}
