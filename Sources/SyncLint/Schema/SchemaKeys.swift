import Foundation
import SyncScenarioFile
import SyncSimulation

/// The natural keys a written scenario counts duplicates by: for each
/// synced entity, the key `--key` names, else the model's own unique
/// constraints on stored attributes. A model that syncs with CloudKit has
/// no constraint at all (seed 002), so `--key` is how it gets keys.
public struct SchemaKeys: Sendable {
    /// One entity's keys as the schema declares them.
    struct EntityKeys: Sendable {
        /// Each key's fields, in the order given.
        let keys: [[String]]
        /// True when `--key` named the key, in place of any the model has.
        let isChosen: Bool
    }

    private let byEntity: [String: EntityKeys]
    /// One line for `simulate lint` to print when no entity has a key (the
    /// scenario runs, but duplicates cannot be told from new records);
    /// nil when some entity has one.
    public let advice: String?

    /// The model's own unique constraints only.
    public init(model: DataModel) {
        do {
            try self.init(model: model, arguments: [])
        } catch {
            preconditionFailure("no --key argument, so nothing to refuse: \(error)")
        }
    }

    /// `arguments` are `--key` values, `Entity.field` or
    /// `Entity.field1,field2` (one compound key), at most one per entity.
    public init(model: DataModel, arguments: [String]) throws(SchemaKeyError) {
        var chosen: [String: (fields: [String], argument: String)] = [:]
        for argument in arguments {
            let (entity, fields) = try Self.parse(argument, in: model)
            if let earlier = chosen[entity] {
                let compound = earlier.fields + fields.filter { !earlier.fields.contains($0) }
                throw SchemaKeyError(.repeatedEntity, argument: argument,
                    "\(entity) has a key already (--key \(earlier.argument)); give one --key per entity, with a compound key's fields after one dot: --key \(entity).\(compound.joined(separator: ","))")
            }
            chosen[entity] = (fields, argument)
        }
        var byEntity: [String: EntityKeys] = [:]
        for entity in model.entities where entity.isSynced {
            if let choice = chosen[entity.name] {
                byEntity[entity.name] = EntityKeys(keys: [choice.fields], isChosen: true)
            } else {
                let stored = Self.storedFields(of: entity)
                byEntity[entity.name] = EntityKeys(keys: entity.uniqueKeys.map(\.fields).filter { $0.allSatisfy(stored.contains) }, isChosen: false)
            }
        }
        self.byEntity = byEntity
        advice = byEntity.values.contains { !$0.keys.isEmpty } ? nil : Self.advice(for: model)
    }

    /// The fields of the first key of the synced entity named
    /// `entityName` (the key its records are addressed by), nil when it
    /// has none or is not a synced entity.
    public func fields(of entityName: String) -> [String]? {
        byEntity[entityName]?.keys.first
    }

    /// The keys of `entity`, a synced entity of the model.
    func keys(of entity: Entity) -> EntityKeys {
        guard let keys = byEntity[entity.name] else { preconditionFailure("\(entity.name) is not a synced entity of the model") }
        return keys
    }

    /// The attributes a schema writes as fields: stored, not transient.
    static func storedFields(of entity: Entity) -> [String] {
        entity.attributes.filter { !$0.isTransient }.map(\.name)
    }

    private static func parse(_ argument: String, in model: DataModel) throws(SchemaKeyError) -> (entity: String, fields: [String]) {
        let synced = model.entities.filter(\.isSynced)
        let dot = argument.firstIndex(of: ".")
        let name = dot.map { String(argument[..<$0]).trimmingCharacters(in: .whitespaces) } ?? ""
        guard let dot, !name.isEmpty else {
            throw SchemaKeyError(.malformed, argument: argument, "expected Entity.field, or Entity.field1,field2 for a compound key; entities: \(list(synced.map(\.name)))")
        }
        let fields = argument[argument.index(after: dot)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingCharacters(in: .whitespaces) }
        guard let entity = synced.first(where: { $0.name == name }) else {
            if model.entity(named: name) != nil {
                throw SchemaKeyError(.entityNotSynced, argument: argument,
                    "\(name) is in no configuration used with CloudKit, so it does not sync and the schema leaves it out; entities: \(list(synced.map(\.name)))")
            }
            throw SchemaKeyError(.unknownEntity, argument: argument, "unknown entity '\(Echo.text(name))'; entities: \(list(synced.map(\.name)))"
                + Suggestion.didYouMean(name, among: synced.map(\.name), quote: "'"))
        }
        let stored = storedFields(of: entity)
        var seen: [String] = []
        for field in fields {
            guard stored.contains(field) else {
                let what = field.isEmpty ? "an empty field name"
                    : entity.relationship(named: field) != nil ? "'\(Echo.text(field))' is a relationship of \(name), and a key is made of stored attributes"
                    : "unknown field '\(Echo.text(field))' of \(name)"
                let hint = entity.relationship(named: field) == nil ? Suggestion.didYouMean(field, among: stored, quote: "'") : ""
                throw SchemaKeyError(field.isEmpty ? .malformed : .unknownField, argument: argument, "\(what); fields: \(list(stored))" + hint)
            }
            guard !seen.contains(field) else {
                throw SchemaKeyError(.repeatedField, argument: argument, "names '\(Echo.text(field))' twice; list each field of a compound key once")
            }
            seen.append(field)
        }
        return (name, fields)
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
