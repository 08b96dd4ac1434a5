// The files of a Keel app made by keel-new-app that a new usecase touches,
// and the checks that the package is one (and that the name is free).
import Foundation
import PackagePlugin

/// The module names of the app: `Books` → `BooksDomain`, `BooksApp`…
struct AppModules {
    let name: String
    var domain: String { name + "Domain" }
    var app: String { name + "App" }
    var testing: String { name + "Testing" }
    var tests: String { name + "Tests" }
}

struct AppLayout {
    let folder: URL
    let names: AppModules
    /// Sources/Domain/Serving.swift: what the container serves, each
    /// usecase's contract (the doc of its requirement) and its signature.
    let serving: URL
    private let servingText: String
    /// The Domain's sources, where a usecase's typealias may already be.
    private let domainSources: [String]
    private let appSources: [String]

    /// Reads the app's files; refuses a package that is not a Keel app laid
    /// out as keel-new-app writes one.
    init(_ package: Package) throws {
        folder = package.directoryURL
        names = AppModules(name: package.displayName)
        let notAnApp = "\(package.displayName) (\(folder.path)) is not a Keel app made by keel-new-app:"
        let targets = Set(package.targets.map(\.name))
        for module in [names.domain, names.app, names.testing, names.tests] where !targets.contains(module) {
            throw Refusal("\(notAnApp) it has no target \(module). Run keel-add-usecase in the app's folder.")
        }
        serving = folder.appendingPathComponent("Sources/Domain/Serving.swift")
        servingText = try read(serving, what: "Serving (\(notAnApp))")
        guard servingText.contains("public protocol Serving: Sendable {") else {
            throw Refusal("\(notAnApp) Sources/Domain/Serving.swift declares no `public protocol Serving: Sendable {`")
        }
        let vessel = try read(folder.appendingPathComponent("Sources/App/Vessel.swift"), what: "Vessel (\(notAnApp))")
        guard vessel.contains("let itemWork: any ItemWork"), vessel.contains("let store: MutableStore<AppState>") else {
            throw Refusal("""
                \(notAnApp) its Vessel has no `let itemWork: any ItemWork` or no `let store: MutableStore<AppState>`. \
                A new usecase starts from the worker and the store keel-new-app made.
                """)
        }
        let raft = try read(folder.appendingPathComponent("Sources/Testing/Vessel+Raft.swift"), what: "raft (\(notAnApp))")
        guard raft.contains("init(failing fizzle: ItemFizzle)") else {
            throw Refusal("\(notAnApp) its raft has no `FixtureItems(failing:)`, which the new usecase's test uses")
        }
        appSources = swiftSources(in: folder.appendingPathComponent("Sources/App"))
        domainSources = swiftSources(in: folder.appendingPathComponent("Sources/Domain"))
    }

    /// The usecase's file in App.
    func file(of usecase: UsecaseNames) -> URL {
        folder.appendingPathComponent("Sources/App/\(usecase.kind.folder)/\(usecase.stem).swift")
    }

    /// The usecase's test.
    func test(of usecase: UsecaseNames) -> URL {
        folder.appendingPathComponent("Tests/\(names.tests)/\(usecase.stem)Tests.swift")
    }

    /// Refuses a name the app already uses: as a usecase (action or query),
    /// as a file, or as a member of the Vessel the new function would clash with.
    func checkFree(_ usecase: UsecaseNames) throws {
        let stem = usecase.stem
        let both = [UsecaseNames(stem: stem, kind: .action), UsecaseNames(stem: stem, kind: .query)]
        let declared = { (other: UsecaseNames) in
            servingText.contains("var \(other.property):") || domainSources.contains { $0.contains("typealias \(other.type) ") }
        }
        for other in both where declared(other) {
            throw Refusal("the app already has the \(other.kind.word) \(stem) (\(other.type)): choose another name")
        }
        for other in both {
            for url in [file(of: other), test(of: other)] where exists(url) {
                throw Refusal("\(url.path) already exists: choose another name")
            }
        }
        let function = usecase.function
        let taken = ["store", "itemWork", "logbook", "appState", "raft"]
        if taken.contains(function) || appSources.contains(where: { $0.contains("func \(function)(") || $0.contains("var \(function):") }) {
            throw Refusal("the Vessel already has a member `\(function)`, which the usecase's function would clash with: choose another name")
        }
    }

    /// Serving.swift with `requirement` (its doc, the usecase's contract,
    /// and its line) added as the protocol's last, and `signature` (the
    /// typealias) at the file's end, after the other usecases' signatures.
    func servingAdding(requirement: String, signature: String) throws -> String {
        var lines = servingText.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("public protocol Serving: Sendable {") }),
            let end = lines[start...].firstIndex(where: { $0 == "}" })
        else {
            throw Refusal("Sources/Domain/Serving.swift: the protocol Serving has no closing `}` on a line of its own")
        }
        lines.insert(contentsOf: requirement.components(separatedBy: "\n"), at: end)
        var text = lines.joined(separator: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        return text + "\n\n" + signature + "\n"
    }
}

/// The text of every Swift file under `folder`.
private func swiftSources(in folder: URL) -> [String] {
    (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
        .filter { $0.pathExtension == "swift" }
        .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
}
