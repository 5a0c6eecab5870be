import Foundation
import Testing

/// The app of `Fixtures/Projects/NoEntitlements` (an Xcode project whose
/// build settings name no entitlements, a SwiftData model with
/// `@Attribute(.unique)`), copied into fresh folders with a file changed or
/// added: the same app described by a Tuist manifest or an XcodeGen spec,
/// or naming an entitlements file.
enum ProjectFixtures {
    static let noEntitlements = LintFixtures.path("Projects/NoEntitlements")
    static let pbxproj = "Trips.xcodeproj/project.pbxproj"

    /// The fixture's files, relative path → text.
    static func files(of fixture: String = noEntitlements) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: fixture))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: fixture + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = try String(contentsOfFile: fixture + "/" + relative, encoding: .utf8)
        }
        return files
    }

    /// A copy of the fixture with `changes` (a nil text removes the file).
    static func app(_ changes: [String: String?]) throws -> String {
        var files = try files()
        for (path, text) in changes { files[path] = text }
        return try LintFixtures.folder(files)
    }

    /// The project file with `CODE_SIGN_ENTITLEMENTS = VALUE;` in the
    /// target's build configurations: `debug` in Debug, `release` in Release.
    static func pbxproj(debug: String?, release: String?) throws -> String {
        let text = try #require(try files()[pbxproj])
        var parts = text.components(separatedBy: "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.Trips;\n")
        #expect(parts.count == 3, "the target's Debug and Release configurations")
        for (index, value) in [debug, release].enumerated() {
            if let value { parts[index] += "\t\t\t\tCODE_SIGN_ENTITLEMENTS = \(value);\n" }
        }
        return parts.joined(separator: "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.Trips;\n")
    }

    /// An entitlements property list listing `services` under
    /// `com.apple.developer.icloud-services`.
    static func entitlements(_ services: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.icloud-services</key>
        \t<array>
        \(services.map { "\t\t<string>\($0)</string>" }.joined(separator: "\n"))
        \t</array>
        </dict>
        </plist>

        """
    }
}
