import Testing
@testable import SyncLint

/// How SwiftData relationships are paired: explicit inverses from either
/// side, the one-to-one inference of seed 004, and what is left missing or
/// ambiguous.
struct SwiftDataInverseTests {
    typealias F = LintFixtures

    func inverses(_ source: String) throws -> [String: Relationship.Inverse] {
        var result: [String: Relationship.Inverse] = [:]
        for entity in try F.swiftModel(source).entities {
            for relationship in entity.relationships { result["\(entity.name).\(relationship.name)"] = relationship.inverse }
        }
        return result
    }

    @Test func explicitInverseOnOneSidePairsBoth() throws {
        let result = try inverses("""
        @Model final class A { @Relationship(deleteRule: .cascade, inverse: \\B.a) var bs: [B]? }
        @Model final class B { var a: A? }
        """)
        #expect(result == ["A.bs": .declared("a"), "B.a": .declared("bs")])
    }

    @Test func oneRelationshipEachWayIsInferred() throws {
        let result = try inverses("""
        @Model final class A { var bs: [B]? }
        @Model final class B { var a: A? }
        """)
        #expect(result == ["A.bs": .inferred("a"), "B.a": .inferred("bs")])
    }

    @Test func nothingBackIsMissing() throws {
        let result = try inverses("""
        @Model final class A { var b: B? }
        @Model final class B { var name: String = "" }
        """)
        #expect(result == ["A.b": .missing(reason: "B has no relationship back to A, so SwiftData has none to infer")])
        #expect(F.triples(try F.swiftFindings("""
        @Model final class A { var b: B? }
        @Model final class B { var name: String = "" }
        """)) == ["Model.swift:1 error missing-inverse"])
    }

    /// Two to one, or a relationship to its own class: not documented.
    @Test func moreThanOneCandidateIsAmbiguous() throws {
        let result = try inverses("""
        @Model final class A { var first: B?; var second: B? }
        @Model final class B { var as_: [A]? }
        @Model final class Node { var parent: Node?; var children: [Node]? }
        """)
        #expect(result == [
            "A.first": .ambiguous(forward: ["first", "second"], backward: ["as_"]),
            "A.second": .ambiguous(forward: ["first", "second"], backward: ["as_"]),
            "B.as_": .ambiguous(forward: ["as_"], backward: ["first", "second"]),
            "Node.parent": .ambiguous(forward: ["parent", "children"], backward: ["parent", "children"]),
            "Node.children": .ambiguous(forward: ["parent", "children"], backward: ["parent", "children"]),
        ])
    }

    /// An explicit pair takes its two relationships out of inference, so
    /// the remaining one-to-one pair is inferred.
    @Test func explicitPairsLeaveTheRestToInference() throws {
        let result = try inverses("""
        @Model final class A {
            @Relationship(inverse: \\B.written) var author: B?
            var reviewer: B?
        }
        @Model final class B { var written: [A]?; var reviewed: [A]? }
        @Model final class Node {
            @Relationship(inverse: \\Node.children) var parent: Node?
            var children: [Node]?
        }
        """)
        #expect(result == [
            "A.author": .declared("written"), "B.written": .declared("author"),
            "A.reviewer": .inferred("reviewed"), "B.reviewed": .inferred("reviewer"),
            "Node.parent": .declared("children"), "Node.children": .declared("parent"),
        ])
    }
}
