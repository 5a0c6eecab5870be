import Foundation
import Testing
@testable import SyncLint

/// Models Xcode does not build (issue 41): a name given twice, an unknown
/// attribute type, bytes that are not UTF-8, a DOCTYPE's internal subset,
/// and a well-formed file of 10 MB, which XMLParser refused.
struct CoreDataNamesTests {
    typealias F = LintFixtures

    @Test func repeatedNamesAndAnUnknownTypeAreErrorsOnTheirLines() throws {
        let report = try ModelLint.lint(F.path("CoreData/Duplicates.xcdatamodeld"))
        let file = F.path("CoreData/Duplicates.xcdatamodeld/Duplicates.xcdatamodel/contents")
        #expect(F.triples(report.findings) == [
            "\(file):9 error unknown-attribute-type",
            "\(file):10 error duplicate-property",
            "\(file):12 error duplicate-property",
            "\(file):18 error duplicate-property",
            "\(file):20 error duplicate-entity",
        ])
        #expect(report.findings.map { String($0.message.prefix(40)) } == [
            "Note.body has attributeType 'Strng', whi",
            "Note has a second property named title (",
            "Note has a second property named folder ",
            "Tag has a second property named notes (t",
            "a second entity named Folder (the first ",
        ])
        #expect(report.exitStatus == 1)
        #expect(report.verdict == .doesNotBuild)
        // The first of each name is the one kept.
        #expect(report.model.entities.map(\.name) == ["Folder", "Note", "Tag"])
        #expect(report.model.entity(named: "Folder")?.attributes.map(\.name) == ["name"])
        #expect(report.model.entity(named: "Note")?.attributes.map(\.name) == ["title", "body", "folder"])
        #expect(report.model.entity(named: "Note")?.relationships.map(\.name) == ["tags"])
        #expect(report.model.entity(named: "Tag")?.relationships.map(\.deleteRule) == [.nullify])
    }

    /// A model that does not sync still fails: Xcode refuses it either way.
    @Test func aModelThatDoesNotBuildFailsWithoutCloudKitToo() throws {
        let folder = try F.folder(["M.xcdatamodel/contents": """
            <?xml version="1.0" encoding="UTF-8"?>
            <model>
                <entity name="A"><attribute name="x" optional="YES" attributeType="Integer 65"/></entity>
            </model>
            """])
        let report = try ModelLint.lint(folder + "/M.xcdatamodel")
        #expect(F.triples(report.findings) == ["\(folder)/M.xcdatamodel/contents:3 error unknown-attribute-type"])
        #expect(report.exitStatus == 1)
    }

    @Test func everyTypeXcodeWritesIsKnown() throws {
        let attributes = CoreDataModelBuilder.attributeTypes.sorted().enumerated().map { index, type in
            "<attribute name=\"a\(index)\" optional=\"YES\" attributeType=\"\(type)\"/>"
        }
        let folder = try F.folder(["M.xcdatamodel/contents": "<model usedWithCloudKit=\"YES\"><entity name=\"A\">\n"
            + attributes.joined(separator: "\n") + "\n</entity></model>"])
        let report = try ModelLint.lint(folder + "/M.xcdatamodel")
        #expect(!report.findings.contains { $0.rule == .unknownAttributeType })
        #expect(CoreDataModelBuilder.attributeTypes.count == 16)
    }

    @Test func swiftDataPropertyDeclaredTwiceIsAnError() throws {
        let report = try ModelLint.lint(F.path("SwiftData/DuplicateProperty"))
        let file = F.path("SwiftData/DuplicateProperty/Note.swift")
        #expect(F.triples(report.findings) == ["\(file):8 error duplicate-property"])
        #expect(report.model.entity(named: "Note")?.attributes.map(\.typeName) == ["String", "String?"])
        #expect(report.verdict == .doesNotBuild)
    }

    @Test func invalidUTF8InAnElementNameIsALocatedInputError() {
        #expect(throws: LintInputError(file: F.path("CoreData/InvalidUTF8.xcdatamodel/contents"), line: 4,
            "not UTF-8: byte 0xFF (column 14) does not begin or continue a UTF-8 character; Xcode writes model files in UTF-8")) {
            try ModelLint.lint(F.path("CoreData/InvalidUTF8.xcdatamodel"))
        }
    }

    @Test func aDoctypeWithAnInternalSubsetIsRefusedAtItsLine() throws {
        let error = try #require(throws: LintInputError.self) { try ModelLint.lint(F.path("CoreData/InternalSubset.xcdatamodel")) }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("a DOCTYPE with an internal subset"))
    }

    /// The clean fixture padded past 10 MB with user info, which libxml2
    /// refused as "XML parser error 1": the same model as the fixture.
    @Test func aWellFormedModelOf10MBReadsAsTheSmallOne() throws {
        let contents = try String(contentsOfFile: F.cleanCoreData + "/Library.xcdatamodel/contents", encoding: .utf8)
        let entry = "            <entry key=\"note\" value=\"" + String(repeating: "x", count: 1_000) + "\"/>\n"
        let padding = "        <userInfo>\n" + String(repeating: entry, count: 10_500) + "        </userInfo>\n"
        let big = contents.replacingOccurrences(of: "    <configuration name=\"Cloud\"", with: "    <entity name=\"Pad\" representedClassName=\"Pad\">\n"
            + padding + "    </entity>\n    <configuration name=\"Cloud\"")
        #expect(big.utf8.count >= 10 << 20)
        let folder = try F.folder(["Library.xcdatamodel/contents": big])
        let small = try ModelLint.lint(F.cleanCoreData)
        let large = try ModelLint.lint(folder + "/Library.xcdatamodel")
        #expect(large.model.entities.map(\.name) == small.model.entities.map(\.name) + ["Pad"])
        #expect(large.findings.map(\.message) == small.findings.map(\.message) + [large.findings.last?.message].compactMap { $0 }.filter { $0.contains("Pad") })
    }
}
