/// Pairs SwiftData relationships with their inverses.
///
/// - An explicit `@Relationship(inverse: \B.s)` on `A.r` pairs `A.r` with
///   `B.s`, from either side (the compiler checks the key path, so it is
///   taken as written).
/// - Otherwise SwiftData "implicitly discovers (inverse) relationships"
///   (seed 004, notes on WWDC23 "Model your schema with SwiftData"): when
///   `A` has exactly one such relationship to `B` and `B` exactly one back,
///   they pair.
/// - When `B` has none back, there is no inverse, and CloudKit refuses the
///   model at launch (observed: "CloudKit integration requires that all
///   relationships have an inverse", docs/sources/lint-rules.md).
/// - When either side has more than one candidate, or the relationship
///   points at its own class, which pairing SwiftData infers is not
///   documented: ambiguous, a warning that asks for an explicit inverse.
enum SwiftDataInverses {
    /// One `@Relationship(inverse:)` as written.
    struct Explicit {
        let entity: String
        let relationship: String
        /// The key path's type, or the relationship's target when `\.s`.
        let target: String
        let inverse: String
    }

    static func resolve(_ entities: inout [Entity], explicit: [Explicit]) {
        func index(_ name: String) -> Int? { entities.firstIndex { $0.name == name } }
        func relationshipIndex(_ entity: Int, _ name: String) -> Int? { entities[entity].relationships.firstIndex { $0.name == name } }

        var paired: Set<String> = []
        for declaration in explicit {
            guard let owner = index(declaration.entity), let own = relationshipIndex(owner, declaration.relationship) else { continue }
            entities[owner].relationships[own].inverse = .declared(declaration.inverse)
            paired.insert("\(declaration.entity).\(declaration.relationship)")
            if let other = index(declaration.target), let back = relationshipIndex(other, declaration.inverse) {
                entities[other].relationships[back].inverse = .declared(declaration.relationship)
                paired.insert("\(declaration.target).\(declaration.inverse)")
            }
        }

        /// Relationships from `from` to `to` that nothing pairs explicitly.
        func unpaired(from: String, to: String) -> [String] {
            guard let entity = index(from) else { return [] }
            return entities[entity].relationships
                .filter { $0.target == to && !paired.contains("\(from).\($0.name)") }
                .map(\.name)
        }

        for owner in entities.indices {
            let name = entities[owner].name
            for position in entities[owner].relationships.indices {
                let relationship = entities[owner].relationships[position]
                guard !paired.contains("\(name).\(relationship.name)") else { continue }
                let forward = unpaired(from: name, to: relationship.target)
                let backward = unpaired(from: relationship.target, to: name)
                if relationship.target == name {
                    entities[owner].relationships[position].inverse = .ambiguous(forward: forward, backward: backward)
                    continue
                }
                if backward.isEmpty {
                    entities[owner].relationships[position].inverse = .missing(
                        reason: "\(relationship.target) has no relationship back to \(name), so SwiftData has none to infer")
                } else if forward.count == 1 && backward.count == 1 {
                    entities[owner].relationships[position].inverse = .inferred(backward[0])
                } else {
                    entities[owner].relationships[position].inverse = .ambiguous(forward: forward, backward: backward)
                }
            }
        }
    }
}
