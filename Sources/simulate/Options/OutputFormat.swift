/// What `--format` prints: each command offers some of these (``Option/format(_:_:_:)``);
/// `lint` has its own (``LintFormat``).
enum OutputFormat: String, CaseIterable {
    case table, json, markdown
}
