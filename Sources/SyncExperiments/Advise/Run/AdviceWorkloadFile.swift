import Foundation

/// One scenario advise runs every option under: a habit's file, as
/// `simulate advise` wrote it for the app's model (or a scenario file the
/// user gave), with the name its figures go by.
public struct AdviceWorkloadFile: Sendable {
    /// The name reports give its figures: the habit (`import`), with the
    /// drop rate when advise runs several (`import @ drop 0.1`).
    public let name: String
    /// The path replay commands name: where `--write-scenarios` or `--out`
    /// writes the file, or its bare name when neither does.
    public let path: String
    /// The file's text.
    public let data: Data

    /// A workload named `name`, replayed from `path`, with the file's text.
    public init(name: String, path: String, data: Data) {
        self.name = name
        self.path = path
        self.data = data
    }
}
