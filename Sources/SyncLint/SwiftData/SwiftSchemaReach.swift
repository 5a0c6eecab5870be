/// A schema holds more than the classes it lists: SwiftData adds every
/// `@Model` class a listed one reaches through its relationships, and the
/// classes those reach, so a `VersionedSchema`'s `models` or a
/// `Schema([…])` that lists four classes may store five (Apple, WWDC23
/// "Dive deeper into SwiftData": `ModelContainer(for: Trip.self)`, "SwiftData
/// infers related model classes as well"; docs/sources/lint-rules.md;
/// issue 43).
enum SwiftSchemaReach {
    /// `selected` and every class of `classes` they reach, transitively, in
    /// the order reached. A property's type is resolved as Swift resolves
    /// it inside the class: a class nested beside it in its container, a
    /// file-level typealias, then a file-level class. A class whose name a
    /// selected one already has is not added (the builder would report it
    /// as declared twice).
    static func classes(reachedFrom selected: [ScannedModelClass], among classes: [ScannedModelClass],
                        typealiases: [(name: String, target: [String], location: SourceLocation)]) -> [ScannedModelClass] {
        func resolve(_ name: String, from modelClass: ScannedModelClass) -> ScannedModelClass? {
            if let container = modelClass.container, let nested = classes.first(where: { $0.name == name && $0.container == container }) {
                return nested
            }
            if let alias = typealiases.last(where: { $0.name == name }), alias.target.count >= 2, let target = alias.target.last {
                return classes.first { $0.name == target && $0.container == alias.target[alias.target.count - 2] }
            }
            return classes.first { $0.name == name && $0.container == nil }
        }
        var reached = selected
        var next = 0
        while next < reached.count {
            let modelClass = reached[next]
            next += 1
            for property in modelClass.properties {
                guard let name = property.type.elementName ?? property.type.singleName,
                      let target = resolve(name, from: modelClass),
                      !reached.contains(where: { $0.name == target.name }) else { continue }
                reached.append(target)
            }
        }
        return reached
    }

    /// The entities of `model` that `listed` names or reaches through
    /// relationships, transitively: the classes a store whose schema lists
    /// `listed` holds.
    static func entities(reachedFrom listed: [String], in model: DataModel) -> Set<String> {
        var reached = Set(listed)
        var queue = listed
        while let name = queue.popLast() {
            for relationship in model.entity(named: name)?.relationships ?? [] where reached.insert(relationship.target).inserted {
                queue.append(relationship.target)
            }
        }
        return reached
    }
}
