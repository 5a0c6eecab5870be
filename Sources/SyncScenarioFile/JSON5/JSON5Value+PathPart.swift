extension JSON5Value {
    /// One step of a path into a tree: an object's member by key, or a
    /// list's item by index (`network.delay[0]` is key, key, index).
    enum PathPart: Equatable {
        case key(String)
        case index(Int)
    }
}
