@testable import SyncSimulation
import SyncModel
import Testing

/// The object form of a relationship in a scenario file, and its errors.
struct RelationshipParsingTests {
    typealias T = ScenarioFileTesting

    static let twoEntities = """
    { name: "Tag", fields: ["name"], unique: [["name"]] }
    """

    static func document(_ relation: String) -> String {
        T.document("""
        schema: { entities: [ { name: "Post", fields: ["title"], unique: [["title"]], relations: { tag: \(relation) } }, \(twoEntities) ] }
        """)
    }

    @Test func theObjectFormSetsCardinalityRulesAndInverse() throws {
        let document = try T.parse(Self.document(#"{ to: "Tag", many: false, deleteRule: "deny", inverse: "posts", inverseDeleteRule: "cascade" }"#))
        let relation = document.scenario.schema[EntityIndex(0)].relations[0]
        #expect(relation == EntitySchema.Relation(name: "tag", target: "Tag", toMany: false, deleteRule: .deny,
                                                  inverse: EntitySchema.Inverse(name: "posts", deleteRule: .cascade)))
        let ends = document.scenario.schema.inverses(of: EntityIndex(1))
        #expect(ends.map(\.inverse.name) == ["posts"] && ends.map(\.owner) == [EntityIndex(0)])
    }

    /// The string form keeps its old meaning: to many, no inverse.
    @Test func theStringFormIsToManyWithoutInverse() throws {
        let relation = try T.parse(Self.document(#""Tag""#)).scenario.schema[EntityIndex(0)].relations[0]
        #expect(relation.toMany && relation.inverse == nil && relation.deleteRule == .nullify)
    }

    @Test func aLinkStepMayNameTheInverse() throws {
        let text = T.document("""
        schema: { entities: [ { name: "Post", fields: ["title"], unique: [["title"]], relations: { tag: { to: "Tag", inverse: "posts" } } }, \(Self.twoEntities) ] },
        steps: [ { at: "0s", on: "r1", create: { entity: "Tag", fields: { name: "a" } } },
                 { at: "0s", on: "r1", create: { entity: "Post", fields: { title: "b" } } },
                 { at: "0s", on: "r1", link: { entity: "Tag", key: { name: "a" }, relation: "posts", to: { title: "b" } } } ]
        """)
        let step = try #require(T.intent(of: T.parse(text).scenario.steps[2]))
        guard case .link(let key, let relation, let target) = step.intent else { Issue.record("not a link"); return }
        #expect(key.uniqueKey.entity == EntityIndex(0) && key.values == [.string("b")])
        #expect(relation == 0 && target.uniqueKey.entity == EntityIndex(1) && target.values == [.string("a")])
    }

    /// NSPersistentCloudKitContainer refuses the deny rule (documented);
    /// a CKSyncEngine app with its own store takes it.
    @Test func nspckcRefusesADenyRule() throws {
        let deny = #"{ to: "Tag", inverse: "posts", inverseDeleteRule: "deny" }"#
        T.expectFailure(Self.document(deny).replacingOccurrences(of: "{ name: \"x\",", with: #"{ name: "x", preset: "nspckc","#),
                        #"t.json5: schema: preset "nspckc" cannot run the deny delete rule of Tag.posts: Core Data with CloudKit: "The Deny deletion rule is not supported" (Apple, Creating a Core Data Model for CloudKit; documented)"#)
        _ = try T.parse(Self.document(deny).replacingOccurrences(of: "{ name: \"x\",", with: #"{ name: "x", preset: "cksyncengine","#))
    }

    @Test func errors() {
        T.expectFailure(Self.document(#"{ to: "Tag", deleteRule: "restrict" }"#),
                        #"t.json5: schema.entities[0].relations.tag.deleteRule: expected one of "noAction", "nullify", "cascade", "deny", found "restrict""#)
        T.expectFailure(Self.document(#"{ to: "Tag", inverseDeleteRule: "cascade" }"#),
                        "t.json5: schema.entities[0].relations.tag.inverseDeleteRule: inverseDeleteRule needs an inverse: name the relationship on Tag with inverse")
        T.expectFailure(Self.document(#"{ to: "Tag", inverse: "name" }"#),
                        "t.json5: schema.entities[0].relations.tag.inverse: inverse 'name' is already a field or relationship of Tag")
        T.expectFailure(Self.document(#"{ to: "Label" }"#),
                        "t.json5: schema.entities[0].relations.tag.to: unknown entity 'Label'; entities: Post, Tag")
        T.expectFailure(Self.document(#"{ target: "Tag" }"#),
                        "t.json5: schema.entities[0].relations.tag.target: unknown key 'target'; allowed: to, many, deleteRule, inverse, inverseDeleteRule")
        T.expectFailure(Self.document("3"),
                        #"t.json5: schema.entities[0].relations.tag: expected an entity name such as "Tag", or { to, many, deleteRule, inverse, inverseDeleteRule }, found 3"#)
    }
}
