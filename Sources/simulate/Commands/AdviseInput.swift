import Foundation
import SyncExperiments
import SyncLint
import SyncScenarioFile
import SyncSimulation

/// What `simulate advise` reads before it runs anything: the model, its
/// keys, the workload and the scenario of each habit. Every mistake in
/// the input exits 2 here, before the first run.
struct AdviseInput {
    let report: LintReport
    let keys: [String]
    let devices: Int
    let workloads: [AdviceWorkloadFile]

    /// The scenario file advise was given, read once (nil for a model),
    /// and the options with its `advise` block filling in what the command
    /// line left out.
    static func completed(_ options: AdviseOptions) -> (options: AdviseOptions, file: ScenarioAdviceFile?) {
        let path = options.paths[0]
        guard isScenarioFile(path) else { return (options, nil) }
        guard options.keys.isEmpty else {
            exitWithUsageError("advise: --key names a model's natural keys; a scenario file names them in its schema's `unique` lists")
        }
        let file: ScenarioAdviceFile
        do { file = try ScenarioAdviceFile.read(path) } catch { exitWithUsageError("advise: \(error.description)") }
        let block = file.block
        var options = options
        var source = AdviseOptions.BlockSource(file: path)
        // What the block gives, where the command line left it out.
        func fill<Value>(_ option: String, _ value: inout Value?, _ given: Value?) {
            guard value == nil, let given else { return }
            value = given
            source.options.append(option)
        }
        fill("--devices", &options.devicesGiven, block.devices)
        fill("--habits", &options.habits, block.habits)
        fill("--offline", &options.offline, block.offline)
        fill("--drop", &options.drop, block.drop)
        fill("--rank", &options.rank, block.rank)
        fill("--presets", &options.presets, block.presets)
        if options.seedsGiven == nil, let text = block.seeds {
            guard let seeds = Seeds.parseList(text) else {
                exitWithUsageError("advise: \(path): advise.seeds: expected a range such as \"1..20\" or a list of seeds, got '\(Echo.text(text))'")
            }
            options.seedsGiven = seeds
        }
        if !source.options.isEmpty { options.block = source }
        return (options, file)
    }

    /// A scenario file, by its extension; anything else is read as a model.
    static func isScenarioFile(_ path: String) -> Bool {
        [".json5", ".json"].contains { path.lowercased().hasSuffix($0) }
    }

    /// The model (from `file`, the scenario file ``completed(_:)`` read, or
    /// from the model at the path), its keys, and each habit's scenario.
    static func read(_ options: AdviseOptions, file: ScenarioAdviceFile?) -> AdviseInput {
        let path = options.paths[0]
        let report: LintReport
        var schemaLines: [String]?
        if let file {
            guard let lines = file.schemaLines else {
                exitWithUsageError("advise: \(path) has no schema; advise writes each habit over a schema's entities and their `unique` keys")
            }
            schemaLines = lines
            let scenario = file.document.scenario
            report = LintReport(path: path, model: DataModel(scenarioSchema: scenario.schema, name: scenario.name, file: path), findings: [])
        } else {
            let reports: [LintReport]
            do {
                reports = try ModelLint.lintAll(path, options: options.lint)
            } catch {
                exitWithUsageError("advise: \(error)")
            }
            guard reports.count == 1 else {
                exitWithUsageError("advise: \(path) holds \(reports.count) models (\(reports.map(\.path).joined(separator: ", "))); give the one to advise on")
            }
            report = reports[0]
            // No habit's scenario can be written from a model Xcode does
            // not build (a name given twice): advise stops at lint's verdict.
            if !report.buildErrors.isEmpty {
                StandardError.write("simulate: advise: \(path): \(report.verdict.sentence); lint says:\n" + report.text)
                StandardOutput.exit(report.exitStatus)
            }
        }
        let model = report.model
        let keys: SchemaKeys
        do { keys = try SchemaKeys(model: model, arguments: options.keys) } catch { exitWithUsageError("advise: \(error)") }
        if keys.advice != nil {
            let likely = SchemaKeys.candidates(in: model)
            exitWithUsageError("advise: \(path): no entity of \(model.name) has a natural key, so no duplicate can be told from a new record; "
                + (model.kind == .scenario ? "give an entity a `unique` key in the file's schema"
                    : "name one with --key ENTITY.FIELD" + (likely.isEmpty ? " (or ENTITY.FIELD1,FIELD2 for a compound key)"
                        : ", such as --key \(likely[0]) (likely keys: \(likely.joined(separator: ", ")))")))
        }
        let workloads = workloadSettings(options)
        var habits: [AdviceHabit]?
        if let list = options.habits {
            do { habits = try AdviceHabit.list(list) } catch { exitWithUsageError("advise: " + options.blame(error)) }
        }
        let folder = options.scenariosOut ?? options.out.map { ($0 as NSString).appendingPathComponent("scenarios") }
        var files: [AdviceWorkloadFile] = []
        var written: [String: String] = [:]
        for workload in workloads {
            let scenarios: [AdviceScenario]
            do {
                scenarios = try AdviceScenarioWriter.scenarios(for: model, source: path, keys: keys, habits: habits, workload: workload,
                                                               schemaLines: schemaLines)
            } catch {
                exitWithUsageError("advise: " + options.blame(error))
            }
            for scenario in scenarios {
                let several = workloads.count > 1
                let name = scenario.habit.rawValue + (several ? " @ drop \(Self.rateText(workload.dropProbability))" : "")
                let fileName = several ? scenario.fileName.replacingOccurrences(of: ".json5", with: "-drop-\(Self.rateText(workload.dropProbability)).json5")
                    : scenario.fileName
                let filePath = folder.map { ($0 as NSString).appendingPathComponent(fileName) } ?? fileName
                written[fileName] = scenario.text
                files.append(AdviceWorkloadFile(name: name, path: filePath, data: Data(scenario.text.utf8)))
            }
        }
        if let folder { OutputFiles.write(written, to: folder) }
        return AdviseInput(report: report, keys: keyNames(model: model, keys: keys), devices: options.devices, workloads: files)
    }

    /// One workload per `--drop` rate, each with `--devices` and `--offline`.
    static func workloadSettings(_ options: AdviseOptions) -> [AdviceWorkload] {
        var offline = AdviceWorkload.defaultOfflineMicros
        if let text = options.offline {
            guard let micros = ScenarioFile.durationMicros(text) else {
                exitWithUsageError("advise: \(options.lead("--offline")) expects a duration such as 2s, 30s or 10m, got '\(Echo.text(text))'")
            }
            offline = micros
        }
        var rates: [Double] = [0]
        if let text = options.drop {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            switch NameList.values(of: items, named: { Double($0) }) {
            case .success(let values): rates = values
            case .failure(.empty), .failure(.unknown):
                exitWithUsageError("advise: \(options.lead("--drop")) expects drop probabilities from 0 up to 1, comma-separated, such as 0,0.1; "
                    + "got '\(Echo.text(text))'")
            case .failure(.repeated(let item)):
                exitWithUsageError("advise: \(options.lead("--drop")) names \(Echo.text(item)) twice; give each rate once")
            }
        }
        var workloads: [AdviceWorkload] = []
        for rate in rates {
            do {
                workloads.append(try AdviceWorkload(deviceCount: options.devices, offlineMicros: offline, dropProbability: rate))
            } catch {
                exitWithUsageError("advise: " + options.blame(error))
            }
        }
        return workloads
    }

    /// `0`, `0.1`: a drop rate as a person writes it.
    static func rateText(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : "\(rate)"
    }

    /// The lint findings that rule NSPersistentCloudKitContainer out: the
    /// model's unique constraints, which the container refuses at launch.
    var uniqueConstraints: [Finding] { report.findings.filter { $0.rule == .uniqueConstraint } }

    /// The stacks `--presets` names; by default every one the model can
    /// ship on as it is: not `nspckc` when lint finds a unique constraint
    /// (issue 32: "lint's verdict rules it out"). Naming `nspckc` runs it
    /// anyway, as if the constraints were removed, and the notes say so.
    func stacks(_ options: AdviseOptions) -> [AdviceStack] {
        guard let text = options.presets else {
            return AdviceStack.all().filter { $0.preset != "nspckc" || uniqueConstraints.isEmpty }
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        switch NameList.values(of: items, named: { PresetCatalog.preset(named: $0) != nil ? $0 : nil }) {
        case .success(let names): return AdviceStack.named(names)
        case .failure(.empty):
            exitWithUsageError("advise: " + options.blame(option: "--presets", argument: text,
                                                         message: "an empty preset name; presets: \(PresetCatalog.allNames.joined(separator: ", "))"))
        case .failure(.unknown(let name)):
            exitWithUsageError("advise: " + options.blame(option: "--presets", argument: text, message: "unknown preset '\(Echo.text(name))'; "
                + "presets: \(PresetCatalog.allNames.joined(separator: ", "))" + Suggestion.didYouMean(name, among: PresetCatalog.allNames, quote: "'")))
        case .failure(.repeated(let name)):
            exitWithUsageError("advise: " + options.blame(option: "--presets", argument: text, message: "names '\(Echo.text(name))' twice; list each preset once"))
        }
    }

    /// The `--rank` order, or the default order of harm.
    static func rankOrder(_ options: AdviseOptions) -> [AdviceHarm] {
        guard let text = options.rank else { return AdviceHarm.defaultOrder }
        do {
            return try AdviceHarm.rankOrder(parsing: text)
        } catch {
            exitWithUsageError("advise: " + options.blame(option: "--rank", argument: error.argument, message: error.message))
        }
    }

    /// `Contact.email`, `Book (title, author)`: each keyed entity's first key.
    static func keyNames(model: DataModel, keys: SchemaKeys) -> [String] {
        model.entities.filter(\.isSynced).compactMap { entity in
            guard let fields = keys.fields(of: entity.name) else { return nil }
            return fields.count == 1 ? "\(entity.name).\(fields[0])" : "\(entity.name) (\(fields.joined(separator: ", ")))"
        }
    }

    /// What the report says it advised on, and what it left out and why.
    func subject(stacks: [AdviceStack]) -> AdviceReport.Subject {
        let model = report.model
        var notes: [String] = []
        let constraints = uniqueConstraints
        if !constraints.isEmpty {
            let declared = "the model declares unique constraints (\(constraints.map { $0.location.description }.joined(separator: ", "))), "
                + "which NSPersistentCloudKitContainer refuses at launch (lint rule unique-constraint; Apple, \"Creating a Core Data Model "
                + "for CloudKit\", documented; seed 002, observed)"
            // First: it rules a whole stack out.
            notes.append(stacks.contains(where: { $0.preset == "nspckc" })
                ? declared + ": the nspckc options, run because --presets names nspckc, assume they are removed and the key is enforced by the app"
                : "not run: nspckc, because " + declared + "; name it in --presets to weigh it as if they were removed")
        }
        for stack in stacks {
            guard let preset = PresetCatalog.preset(named: stack.preset) else { continue }
            for exclusion in preset.exclusions {
                notes.append("not run: \(preset.name) with \(exclusion.label): \(exclusion.reason)")
            }
        }
        return AdviceReport.Subject(model: "\(model.name) (\(model.kind.rawValue))", keys: keys, devices: devices, notes: notes)
    }
}
