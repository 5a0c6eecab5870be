import SyncModel

extension Schema {
    /// One entity, `User` (`email`, `name`, `city`), whose `email` is
    /// unique: the schema of the built-in scenario (`Scenarios/default.json5`
    /// declares the same) and of a scenario file that declares none.
    public static let users = Schema(entities: [
        EntitySchema(name: "User", fields: ["email", "name", "city"], uniqueKeys: [["email"]]),
    ])
}
