import Testing
@testable import SyncLint

/// What the scanner reads from a `@Model` class, and what it reports
/// instead of guessing. Each source is scanned as one file, `Model.swift`.
struct SwiftModelScannerTests {
    typealias F = LintFixtures

    func entity(_ source: String, _ name: String = "M") throws -> Entity {
        try #require(try F.swiftModel(source).entity(named: name))
    }

    @Test func storedPropertiesOnlyNotComputedStaticOrTransient() throws {
        let source = """
        @Model final class M {
            static var shared: Int = 0
            class var kind: String { "m" }
            var a: Int = 0
            var computed: Int { a + 1 }
            var getSet: Int {
                get { a }
                set { a = newValue }
            }
            var observed: Int {
                didSet { print(observed) }
            }
            @Transient var cache: [Int] = []
            let fixed: String = "x"
        }
        """
        #expect(try entity(source).attributes.map(\.name) == ["a", "observed", "fixed"])
        // An observed property without a default is stored and required.
        #expect(F.triples(try F.swiftFindings(source)) == ["Model.swift:10 error required-attribute"])
    }

    @Test func defaultsMaySpanLinesAndHoldClosures() throws {
        let source = """
        @Model final class M {
            var a: [Int] = [1, 2, 3]
                .map { $0 * 2 }
                .filter { value in
                    value > 2
                }
            var b: Int = 0 { didSet { } }
            var c: String
            func f(x: () -> Void = {}) where M: AnyObject { }
            init?(c: String) { self.c = c }
            var d: Date = .now; var e: Int?
        }
        """
        let m = try entity(source)
        #expect(m.attributes.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(m.attributes.map(\.hasDefault) == [true, true, false, true, false])
        #expect(m.attributes.map(\.isOptional) == [false, false, false, false, true])
    }

    @Test func typesAreReadForOptionalityAndRelationships() throws {
        let source = """
        @Model final class M {
            var a: Optional<N>
            var b: Array<N>? = nil
            var c: [N]!
            var d: [String: N]? = nil
            var e: (Int, String)? = nil
            var f: Module.N?
            var g: any Codable & Sendable = 0
        }
        @Model final class N {
            var m: M?
            var ms: [M]?
        }
        """
        let m = try entity(source)
        #expect(m.relationships.map(\.name) == ["a", "b", "c", "f"])
        #expect(m.relationships.map(\.isToMany) == [false, true, true, false])
        #expect(m.relationships.allSatisfy { $0.isOptional })
        #expect(m.attributes.map(\.name) == ["d", "e", "g"])
        #expect(m.attributes.map(\.typeName) == ["[String: N]?", "(Int, String)?", "any Codable&Sendable"])
    }

    @Test func attributeAndRelationshipOptionsAreRead() throws {
        let source = """
        @Model final class M {
            @Attribute(.unique, originalName: "old") var a: String = ""
            @Attribute(Schema.Attribute.Option.externalStorage) var b: Data?
            @Relationship(.unique, deleteRule: .cascade, minimumModelCount: 0, inverse: \\N.m) var n: N?
            @Relationship(deleteRule: Schema.Relationship.DeleteRule.noAction, inverse: \\.other) var others: [N]?
        }
        @Model final class N {
            var m: M?
            var other: M?
        }
        """
        let m = try entity(source)
        #expect(m.uniqueKeys.map(\.fields) == [["a"], ["n"]])
        #expect(m.uniqueKeys.map(\.spelling) == ["@Attribute(.unique)", "@Relationship(.unique)"])
        #expect(m.relationships.map(\.deleteRule) == [.cascade, .noAction])
        #expect(m.relationships.map(\.inverse) == [.declared("m"), .declared("other")])
        #expect(try F.swiftModel(source).readerFindings.isEmpty)
    }

    @Test func uniqueMacroGivesOneKeyPerList() throws {
        let source = """
        @Model final class M {
            #Unique<M>([\\.a, \\.b], [\\M.c])
            var a: String = ""
            var b: String = ""
            var c: Int = 0
        }
        """
        let m = try entity(source)
        #expect(m.uniqueKeys.map(\.fields) == [["a", "b"], ["c"]])
        #expect(m.uniqueKeys.map(\.location.line) == [2, 2])
    }

    @Test func whatIsNotUnderstoodIsReportedAndNotRead() throws {
        let source = """
        @Model final class M {
            #Unique<Other>([\\.a])
            #Unique<M>([\\.missing])
            #Fancy(1)
            @Attribute(.sparkly) var a: String = ""
            @Relationship(deleteRule: .explode) var n: N?
            @Published var p: Int = 0
            lazy var l: Int = 1
            var (t1, t2): (Int, Int) = (0, 0)
            var x: Int = 0, y: Int = 1
            var z = 3 + 4
        }
        @Model final class N { var m: M? }
        @Model struct S { var v: Int }
        """
        let model = try F.swiftModel(source)
        #expect(model.readerFindings.map { "\($0.location.line): \($0.message)" } == [
            "2: #Unique<Other> inside M is not understood (it names another type); not checked",
            "4: macro #Fancy inside @Model class M is not understood; ignored",
            "5: option '.sparkly' of @Attribute on M.a is not understood; ignored",
            "6: 'deleteRule: .explode' of @Relationship on M.n is not understood; not checked",
            "7: M.p has @Published, which simulate lint does not understand; not checked",
            "8: M.l is lazy, which simulate lint does not understand in a @Model class; not checked",
            "9: a property of M is declared in a way simulate lint does not read (a tuple pattern?); not checked",
            "10: M.x is declared together with other properties in one statement, which simulate lint does not read; not checked",
            "11: M.z has no type annotation, and simulate lint cannot infer its type from its default "
                + "(it reads literals, Type(), Type.member and [Type]()); not checked",
            "14: @Model on struct S is not understood (SwiftData models are classes); not checked",
            "3: #Unique in M names missing, which is not a stored property simulate lint read; this constraint was not checked",
        ])
        #expect(model.entities.map(\.name) == ["M", "N"])
        #expect(try entity(source).attributes.map(\.name) == ["a"])
        #expect(try F.swiftFindings(source).allSatisfy { $0.severity == .warning || $0.rule == .missingInverse })
    }

    @Test func conditionalCompilationInAModelIsFlagged() throws {
        let source = """
        @Model final class M {
            #if os(iOS)
            var a: Int = 0
            #else
            var b: Int = 0
            #endif
        }
        """
        let model = try F.swiftModel(source)
        #expect(F.triples(model.readerFindings) == ["Model.swift:2 warning not-understood"])
        #expect(model.entities[0].attributes.map(\.name) == ["a", "b"])
    }

    @Test func headersWithAttributesGenericsAndModifiersAreRead() throws {
        let source = """
        @available(iOS 17, *)
        @Model
        public final class M: Identifiable, @unchecked Sendable {
            public private(set) var a: Int = 0
            nonisolated(unsafe) var b: String?
            @available(*, deprecated) var c: Int = 1
        }
        protocol P { var x: Int { get } }
        """
        #expect(try entity(source).attributes.map(\.name) == ["a", "b", "c"])
    }

    @Test func aModelDeclaredTwiceIsCheckedOnce() throws {
        let model = try F.swiftModel("@Model final class M { var a: Int = 0 }\n@Model final class M { var b: Int }\n")
        #expect(model.entities.count == 1)
        #expect(model.readerFindings.map(\.message) == ["@Model class M is declared again (first at Model.swift:1); this one was not checked"])
    }
}
