import Foundation
import Testing
@testable import SyncLint

/// Issue 41's model mutant round (mutant 854 of seed 1): two relationships
/// naming one inverse made advise's scenario name `Comment.post` twice and
/// exit 2 naming advise's own file. Each relation is now declared once.
struct RelationPairsSharedInverseTests {
    @Test func aRelationshipWhoseInverseIsTakenIsDeclaredAlone() throws {
        let folder = try LintFixtures.folder(["M.xcdatamodel/contents": """
            <model usedWithCloudKit="YES">
                <entity name="Comment">
                    <relationship name="post" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Post" inverseName="comments" inverseEntity="Post"/>
                </entity>
                <entity name="Post">
                    <relationship name="comments" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Comment" inverseName="post" inverseEntity="Comment"/>
                    <relationship name="extra" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Comment" inverseName="post" inverseEntity="Comment"/>
                </entity>
            </model>
            """])
        let model = try ModelLint.read(folder + "/M.xcdatamodel")
        let pairs = RelationPairs(entities: model.entities).declared
        #expect(pairs.map { "\($0.owner).\($0.relationship.name) ↔ \($0.inverse?.name ?? "-")" } == ["Comment.post ↔ comments", "Post.extra ↔ -"])
        #expect(pairs.last?.comment == "its inverse Comment.post is the inverse of another relationship in the model")
    }
}
