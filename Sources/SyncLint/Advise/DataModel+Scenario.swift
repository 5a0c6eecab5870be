import SyncModel

extension DataModel {
    /// The entities of a scenario file's schema as a model advise can
    /// write habits over: each entity with its fields as attributes and
    /// its `unique` keys as the model's own constraints. Relationships are
    /// left out: advise writes the file's own `schema` member into every
    /// habit's scenario (``AdviceScenarioWriter``), so they reach the runs
    /// as the file declares them, and no habit step addresses a link.
    public init(scenarioSchema schema: Schema, name: String, file: String) {
        let location = SourceLocation(file: file, line: 1)
        let entities = schema.entities.map { entitySchema in
            var entity = Entity(name: entitySchema.name, location: location)
            entity.attributes = entitySchema.fields.map {
                Attribute(name: $0, location: location, typeName: "String", isOptional: true, hasDefault: true)
            }
            entity.uniqueKeys = entitySchema.uniqueKeys.map { fields in
                UniqueKey(fields: fields.map { entitySchema.fields[$0] }, location: location, spelling: "unique")
            }
            return entity
        }
        self.init(kind: .scenario, name: name, entities: entities, readerFindings: [],
                  cloudKit: .synced(because: "a scenario file's entities all sync"))
    }
}
