// keel-new-app NAME: writes a new Keel app package in the folder NAME,
// layered as Examples/ReadingList (Domain, Data, App, Presentation, Testing,
// a test), which builds without warnings and passes its tests at once.
// Usage and options: Plugins/README.md.
import Foundation
import PackagePlugin

@main
struct KeelNewApp: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try NewAppRequest(arguments: arguments, context: context)
        try write(request.files())
        print("""
            Wrote the app \(request.name) in \(request.folder.path) (\(request.files().count) files).
            Build and test it:  cd \(request.folder.path) && swift test
            Add a usecase:      swift package --allow-writing-to-package-directory keel-add-usecase NAME --action
            """)
    }
}

/// What to write, once the arguments were checked: nothing is written
/// before every check passed.
struct NewAppRequest {
    /// The app's name: its package, and the prefix of its modules.
    let name: String
    /// The folder the app goes in (`OUTPUT/NAME`), which does not exist yet.
    let folder: URL
    /// How the app's manifest names Keel.
    let keel: KeelDependency
    /// Whether to write the SwiftUI app package `NAMEApp.swiftpm` too.
    let swiftUI: Bool

    static let usage = """
        usage: swift package --package-path path/to/keel [--allow-writing-to-directory OUTPUT] keel-new-app NAME \
        [--output OUTPUT] [--keel-path PATH | --keel-url URL [--keel-from VERSION]] [--swiftui]
        """

    init(arguments: [String], context: PluginContext) throws {
        var extractor = ArgumentExtractor(arguments)
        let outputs = extractor.extractOption(named: "output")
        let paths = extractor.extractOption(named: "keel-path")
        let urls = extractor.extractOption(named: "keel-url")
        let versions = extractor.extractOption(named: "keel-from")
        swiftUI = extractor.extractFlag(named: "swiftui") > 0
        let rest = extractor.remainingArguments
        if let unknown = rest.first(where: { $0.hasPrefix("-") }) {
            throw Refusal("unknown option \(unknown)\n\(Self.usage)")
        }
        guard rest.count == 1, let name = rest.first else {
            throw Refusal("name the app once (got \(rest.isEmpty ? "none" : rest.joined(separator: " ")))\n\(Self.usage)")
        }
        guard isPlainIdentifier(name) else {
            throw Refusal("'\(name)' is not a name for an app: use letters and digits, starting with a letter, not a Swift keyword (for example Books)")
        }
        guard upperFirst(name) == name else {
            throw Refusal("'\(name)' names modules (\(name)Domain, \(name)App…): start it with a capital letter (\(upperFirst(name)))")
        }
        guard !["Keel", "KeelTesting"].contains(name) else {
            throw Refusal("'\(name)' is Keel's own name: the app's package and modules would clash with Keel's")
        }
        self.name = name
        guard outputs.count <= 1, paths.count <= 1, urls.count <= 1, versions.count <= 1 else {
            throw Refusal("give each option once\n\(Self.usage)")
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let output = URL(fileURLWithPath: outputs.first ?? ".", isDirectory: true, relativeTo: cwd).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Refusal("the output folder \(output.path) does not exist")
        }
        folder = output.appendingPathComponent(name, isDirectory: true)
        guard !exists(folder) else {
            throw Refusal("\(folder.path) already exists: choose another name, or another --output folder")
        }
        keel = try KeelDependency(
            path: paths.first, url: urls.first, version: versions.first, appFolder: folder, plugin: context.package)
    }

    /// Every file of the app, in the order they are written.
    func files() -> [PlannedFile] {
        let app = AppNames(name: name)
        var files: [(String, String)] = [
            ("Package.swift", manifest(app, keel: keel)),
            (".gitignore", gitignore),
            ("Sources/Domain/Item.swift", itemSource),
            ("Sources/Domain/AppState.swift", appStateSource),
            ("Sources/Domain/ItemFizzle.swift", fizzleSource),
            ("Sources/Domain/ItemWork.swift", workSource),
            ("Sources/Domain/Serving.swift", servingSource),
            ("Sources/Data/ItemWebWorker.swift", webWorkerSource(app)),
            ("Sources/App/Vessel.swift", vesselSource(app)),
            ("Sources/App/Usecases/LoadItems.swift", loadItemsSource(app)),
            ("Sources/Presentation/ItemListViewModel.swift", viewModelSource(app)),
            ("Sources/Testing/Vessel+Raft.swift", raftSource(app)),
            ("Tests/\(app.tests)/ItemListTests.swift", testSource(app)),
        ]
        if swiftUI {
            files += [
                ("\(app.app).swiftpm/Package.swift", swiftUIManifest(app)),
                ("\(app.app).swiftpm/Sources/ItemListView.swift", listViewSource(app)),
                ("\(app.app).swiftpm/Sources/\(name)Application.swift", applicationSource(app)),
            ]
        }
        return files.map { PlannedFile(url: folder.appendingPathComponent($0.0), contents: $0.1) }
    }
}

/// The module names of an app: `Books` → `BooksDomain`, `BooksData`…
struct AppNames {
    let name: String
    var domain: String { name + "Domain" }
    var data: String { name + "Data" }
    var app: String { name + "App" }
    var presentation: String { name + "Presentation" }
    var testing: String { name + "Testing" }
    var tests: String { name + "Tests" }
}
