import Foundation

/// The entitlements an app's project files name, and what they say about
/// CloudKit: the files the build signs the app with, rather than whatever
/// `.entitlements` files lie in the folder (issue 43). The project files
/// are every `project.pbxproj` (each target and build configuration), the
/// `.xcconfig` files (whose paths are relative to a project's folder),
/// Tuist manifests (`Project.swift` and `ProjectDescriptionHelpers`) and
/// XcodeGen specs (`project.yml` and what it includes).
struct ProjectEntitlements: Equatable {
    /// The projects found, relative to the lint root: each `.xcodeproj`,
    /// Tuist `Project.swift` and XcodeGen `project.yml`.
    var projects: [String] = []
    /// Every reference, in the order read.
    var references: [EntitlementsReference] = []

    /// What the named entitlements say.
    enum Verdict: Equatable {
        /// This file (or a description of inline entitlements) enables
        /// CloudKit.
        case cloudKit(String, namedBy: String)
        /// No project file names any entitlements.
        case namesNone
        /// Every named file was read and none enables CloudKit (each once).
        case noCloudKit([String], namedBy: String)
        /// None enables CloudKit, but one could not be read or followed:
        /// the build's entitlements are not known.
        case undecided
    }

    /// The project files under the lint root, by kind, each relative to it.
    struct Files {
        var pbxprojs: [String] = []
        var xcconfigs: [String] = []
        var tuistManifests: [String] = []
        var tuistHelpers: [String] = []
        var xcodeGenSpecs: [String] = []
    }

    /// The entitlements `files` (under `root`) name; nil when there is no
    /// project at all (a package, or a bare folder of sources).
    static func read(_ files: Files, under root: String) -> ProjectEntitlements? {
        func text(_ relative: String) -> String? {
            FileManager.default.contents(atPath: ProjectPath.onDisk(relative, under: root)).flatMap { String(data: $0, encoding: .utf8) }
        }
        var found = ProjectEntitlements()
        var projectFolders: [String] = []
        for pbxproj in files.pbxprojs.sorted() {
            let xcodeproj = ProjectPath.folder(of: pbxproj)
            found.projects.append(xcodeproj)
            projectFolders.append(ProjectPath.folder(of: xcodeproj))
            found.references += XcodeBuildSettings.references(inProject: text(pbxproj) ?? "", pbxproj: pbxproj)
        }
        let manifests = files.tuistManifests.sorted().filter { text($0).map(TuistManifest.isManifest) ?? false }
        let manifestFolders = manifests.map(ProjectPath.folder(of:))
        for file in manifests + files.tuistHelpers.sorted() {
            found.references += TuistManifest.references(in: text(file) ?? "", file: file, manifestFolders: manifestFolders, root: root)
        }
        found.projects += manifests
        projectFolders += manifestFolders
        for spec in files.xcodeGenSpecs.sorted() {
            guard let specText = text(spec), XcodeGenSpec.isSpec(specText) else { continue }
            found.projects.append(spec)
            projectFolders.append(ProjectPath.folder(of: spec))
            // The spec and what it includes, each once (an include cycle stops).
            var pending = [spec]
            var read: Set<String> = []
            while let file = pending.popLast(), read.count < 64 {
                guard read.insert(file).inserted, let fileText = text(file) else { continue }
                found.references += XcodeGenSpec.references(in: fileText, file: file, projectFolder: ProjectPath.folder(of: spec))
                pending += XcodeGenSpec.includes(in: fileText, file: file)
            }
        }
        guard !found.projects.isEmpty else { return nil }
        for config in files.xcconfigs.sorted() {
            for value in XcodeBuildSettings.entitlementsValues(inConfig: text(config) ?? "") {
                // A configuration file's paths are the project's (SRCROOT):
                // the first project folder that holds the file is taken.
                let candidates = projectFolders.compactMap { ProjectPath.resolve(value, in: $0) }
                let existing = candidates.first { FileManager.default.fileExists(atPath: ProjectPath.onDisk($0, under: root)) }
                found.references.append(EntitlementsReference(named: (existing ?? candidates.first).map { .file($0) } ?? .unresolved(value),
                                                              namedBy: config))
            }
        }
        return found
    }

    /// The named files read (under `root`): the first that enables CloudKit
    /// decides; with none, an unreadable file or a value lint cannot
    /// follow leaves it undecided. Paths in the verdict start with `root`,
    /// as findings' do.
    func verdict(under root: String) -> Verdict {
        guard !references.isEmpty else { return .namesNone }
        func shown(_ relative: String) -> String { ProjectPath.onDisk(relative, under: root) }
        var without: [String] = []
        var undecided = false
        for reference in references {
            switch reference.named {
            case .inline(true):
                return .cloudKit("the entitlements written in \(shown(reference.namedBy))", namedBy: shown(reference.namedBy))
            case .inline(false):
                without.append("the entitlements written in \(shown(reference.namedBy))")
            case .file(let file):
                switch EntitlementsFile.enablesCloudKit(at: shown(file)) {
                case true?: return .cloudKit(shown(file), namedBy: shown(reference.namedBy))
                case false?: without.append(shown(file))
                case nil: undecided = true
                }
            case .unresolved:
                undecided = true
            }
        }
        if undecided { return .undecided }
        var seen: Set<String> = []
        return .noCloudKit(without.filter { seen.insert($0).inserted }, namedBy: shown(references[0].namedBy))
    }
}
