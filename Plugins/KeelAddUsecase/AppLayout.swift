// The layout of a Keel app, found from what it declares rather than from
// the names keel-new-app gave it: an app whose entity was renamed, or a
// reference app, is laid out the same way. What a usecase's templates need:
//
//   - the protocol `Serving` (its file, its module: the Domain);
//   - the container, `final class C: Serving` (its module: the App), and its
//     `let store: MutableStore<State>`;
//   - a slice of the state that holds a list, `var slice: Loadable<[Entity]>`
//     (the first one declared);
//   - the fizzle for that list, with a case for an entity that is not there
//     (`unknownItem`, `accountNotFound`, `notFound(code: String)`);
//   - the raft, `static func raft(state: …)`, and `Entity.samples`, in the
//     testing module;
//   - a test target that depends on the App and the testing module, and on KeelTesting.
import Foundation
import PackagePlugin

/// A source module of the app: its name and folder.
struct AppModule {
    let name: String
    let folder: URL
}

/// The fizzle a template throws for an entity that is not in the list.
struct UnknownCase {
    /// The fizzle's type: `ItemFizzle`.
    let fizzle: String
    /// The case's name: `unknownItem`.
    let name: String
    /// The label of its one associated value, the entity's identifier (`code`), if it has one.
    let label: String?

    /// The case as an expression, for the identifier `id`: `.unknownItem`, `.notFound(code: id)`.
    func expression(id: String) -> String { label.map { ".\(name)(\($0): \(id))" } ?? ".\(name)" }
}

struct AppLayout {
    /// The file that declares `protocol Serving`.
    let serving: URL
    let domain: AppModule
    /// The module of the container.
    let app: AppModule
    let testing: AppModule
    let tests: AppModule
    /// The container's type: `Vessel`.
    let container: String
    /// The container's store: `store`.
    let store: String
    /// The state's type: `AppState`.
    let state: String
    /// The slice the templates change: `items`.
    let slice: String
    /// The type of its elements: `Item`.
    let entity: String
    let unknown: UnknownCase
    /// How the raft is called: `Vessel.raft`, with `try`/`await` as it needs.
    let raftCall: String

    private let servingText: String
    private let domainSources: [String]
    private let appSources: [String]
    /// Every source file of the app but its tests: where a view model is found.
    private let allSources: [(url: URL, text: String)]

    /// Reads the app's declarations; refuses, saying what is missing, a
    /// package that is not a Keel app.
    init(_ package: Package) throws {
        let notAnApp = "\(package.displayName) (\(package.directoryURL.path)) is not a Keel app laid out as keel-new-app writes one:"
        let modules = package.targets.compactMap { $0 as? SourceModuleTarget }
        let sources = modules.filter { $0.kind != .test }.map { module in
            (module: AppModule(name: module.name, folder: folder(of: module)), files: swiftFiles(of: module))
        }
        func declaring(_ pattern: String) -> (module: AppModule, url: URL, text: String, match: [String])? {
            for (module, files) in sources {
                for (url, text) in files {
                    if let match = firstMatch(pattern, in: text) { return (module, url, text, match) }
                }
            }
            return nil
        }

        guard let serving = declaring(#"public protocol Serving\b[^{]*\{"#) else {
            throw Refusal("\(notAnApp) no source file declares `public protocol Serving`. Run keel-add-usecase in the app's folder.")
        }
        (self.serving, servingText, domain) = (serving.url, serving.text, serving.module)
        guard let container = declaring(#"final class (\w+)\s*:[^{]*\bServing\b"#) else {
            throw Refusal("\(notAnApp) no class conforms to Serving (the container: `public final class Vessel: Serving`)")
        }
        (app, self.container) = (container.module, container.match[1])
        guard let store = firstMatch(#"let (\w+): MutableStore<(\w+)>"#, in: container.text) else {
            throw Refusal("\(notAnApp) \(self.container) has no `let store: MutableStore<AppState>`: usecases change the state through it")
        }
        (self.store, state) = (store[1], store[2])
        guard let list = declaring(#"struct \#(state)\b[^{]*\{[\s\S]*?\bvar (\w+): Loadable<\[(\w+)\]>"#) else {
            throw Refusal("""
                \(notAnApp) \(state) has no list to start from (`public var items: Loadable<[Item]>`): \
                the new usecase's template changes one
                """)
        }
        (slice, entity) = (list.match[1], list.match[2])

        // Closures below see these copies: `self` is not initialized yet.
        let (entity, domainName, appName) = (entity, domain.name, app.name)
        func texts(of module: String) -> [String] { sources.filter { $0.module.name == module }.flatMap { $0.files.map(\.text) } }
        allSources = sources.flatMap(\.files)
        domainSources = texts(of: domainName)
        appSources = texts(of: appName)
        guard let unknown = Self.unknownCase(entity: entity, serving: servingText, domain: domainSources) else {
            throw Refusal("""
                \(notAnApp) no fizzle has a case for \(entity) that is not there (for example `case unknown\(entity)` \
                in \(entity)Fizzle, with its message): the new action throws it
                """)
        }
        self.unknown = unknown

        let raftPattern = #"static func raft\(([\s\S]*?)\)\s*(async)?\s*(throws)?(?:\(\w+\))?\s*->\s*\#(self.container)\b"#
        guard let raft = declaring(raftPattern) else {
            throw Refusal("\(notAnApp) no testing module declares the raft (`public static func raft(state: \(state) = \(state)(), …) -> \(self.container)`)")
        }
        testing = raft.module
        guard firstMatch(#"\bstate(\s+\w+)?\s*:\s*\#(state)\b"#, in: raft.match[1]) != nil else {
            throw Refusal("\(notAnApp) its raft has no `state: \(state)` parameter, which the new usecase's test starts from")
        }
        raftCall = (raft.match[3].isEmpty ? "" : "try ") + (raft.match[2].isEmpty ? "" : "await ") + "\(self.container).raft"
        let testingName = raft.module.name
        guard texts(of: testingName).contains(where: { firstMatch(#"extension \#(entity)\b[^{]*\{[\s\S]*?static (let|var) samples\b"#, in: $0) != nil }) else {
            throw Refusal("\(notAnApp) \(testingName) has no `\(entity).samples`, which the new usecase's test uses")
        }

        // The narrowest test target that sees the container, the raft and
        // KeelTesting; of two as narrow, the container's own (CountriesAppTests).
        let needed = [appName, testingName, "KeelTesting"]
        let candidates = modules.filter { $0.kind == .test }.map { module in
            (module, module.dependencies.compactMap { dependency -> String? in
                switch dependency {
                case .target(let target): target.name
                case .product(let product): product.name
                @unknown default: nil
                }
            })
        }
        guard let testTarget = candidates.filter({ needed.allSatisfy($0.1.contains) }).min(by: { a, b in
            (a.1.count, a.0.name.hasPrefix(appName) ? 0 : 1) < (b.1.count, b.0.name.hasPrefix(appName) ? 0 : 1)
        })?.0 else {
            throw Refusal("\(notAnApp) no test target depends on \(appName), \(testingName) and KeelTesting")
        }
        tests = AppModule(name: testTarget.name, folder: folder(of: testTarget))
    }

    /// The fizzle of `entity` and its case for one that is not there: in
    /// `<Entity>Fizzle` first, then in the fizzles the usecases throw most.
    private static func unknownCase(entity: String, serving: String, domain: [String]) -> UnknownCase? {
        let pattern = #"\bcase (unknown\w*|notFound|\w+NotFound)(?:\((\w+): \w+\))?\s*$"#
        var fizzles: [String: String] = [:]  // name → its declaration's text, to the next type
        for text in domain {
            for match in allMatches(#"enum (\w+)\s*:[^{]*\bFizzle\b[^{]*\{([\s\S]*?)\n\}"#, in: text) {
                fizzles[match[1]] = match[2]
            }
        }
        let thrown = allMatches(#"throws\((\w+)\)"#, in: serving).map { $0[1] }
        let ranked = ["\(entity)Fizzle"] + thrown.sorted { a, b in
            let (countA, countB) = (thrown.filter { $0 == a }.count, thrown.filter { $0 == b }.count)
            return countA != countB ? countA > countB : a < b
        } + fizzles.keys.sorted()
        for fizzle in ranked {
            guard let body = fizzles[fizzle] else { continue }
            for line in body.components(separatedBy: "\n") {
                if let match = firstMatch(pattern, in: line.trimmingCharacters(in: .whitespaces)) {
                    return UnknownCase(fizzle: fizzle, name: match[1], label: match[2].isEmpty ? nil : match[2])
                }
            }
        }
        return nil
    }

    /// The usecase's file in App: `Usecases/` for an action, `Queries/` for a query.
    func file(of usecase: UsecaseNames) -> URL {
        app.folder.appendingPathComponent("\(usecase.kind.folder)/\(usecase.stem).swift")
    }

    /// The usecase's test.
    func test(of usecase: UsecaseNames) -> URL {
        tests.folder.appendingPathComponent("\(usecase.stem)Tests.swift")
    }

    /// Refuses a name the app already uses: as a usecase (action or query),
    /// as a file, or as a member of the container the new function would clash with.
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
        let members = #"(let|var|func) \#(function)\b"#
        if [store, "appState", "raft"].contains(function) || appSources.contains(where: { firstMatch(members, in: $0) != nil }) {
            throw Refusal("the \(container) already has a member `\(function)`, which the usecase's function would clash with: choose another name")
        }
    }

    /// The Serving file with `requirement` (its doc, the usecase's contract,
    /// and its line) added as the protocol's last, and `signature` (the
    /// typealias) at the file's end, after the other usecases' signatures.
    func servingAdding(requirement: String, signature: String) throws -> String {
        var lines = servingText.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { firstMatch(#"public protocol Serving\b"#, in: $0) != nil }),
            let end = lines[start...].firstIndex(where: { $0 == "}" })
        else {
            throw Refusal("\(serving.path): the protocol Serving has no closing `}` on a line of its own")
        }
        lines.insert(contentsOf: requirement.components(separatedBy: "\n"), at: end)
        var text = lines.joined(separator: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        return text + "\n\n" + signature + "\n"
    }
}

extension AppLayout {
    /// The view model `name`'s file with the usecase given to it: a stored
    /// closure beside the others it holds, taken from the container in its
    /// `init(_ service: any Serving)`.
    func viewModel(_ name: String, adding usecase: UsecaseNames) throws -> PlannedFile {
        // The name goes into the patterns below: only a plain identifier may.
        guard isPlainIdentifier(name) else {
            throw Refusal("'\(name)' is not a name for a view model: use letters and digits, starting with a letter (for example ItemListViewModel)")
        }
        guard let (url, text) = allSources.first(where: { firstMatch(#"final class \#(name)\b"#, in: $0.text) != nil }) else {
            throw Refusal("no source file declares the view model `final class \(name)`")
        }
        let function = usecase.function
        guard firstMatch(#"\b(let|var|func) \#(function)\b"#, in: text) == nil else {
            throw Refusal("\(name) already has a member `\(function)`: choose another name for the usecase")
        }
        var lines = text.components(separatedBy: "\n")
        let isInit = { (line: String) in firstMatch(#"\binit\(_ \w+: any Serving\b"#, in: line) != nil }
        guard let initLine = lines.firstIndex(where: isInit),
            let service = firstMatch(#"init\(_ (\w+): any Serving"#, in: lines[initLine])?[1]
        else {
            throw Refusal("\(name) has no `init(_ service: any Serving)`, where a view model takes its usecases")
        }
        let held = #"^(\s*)(private )?let \w+: \w+(Usecase|Query)\s*$"#
        guard let lastHeld = lines[..<initLine].lastIndex(where: { firstMatch(held, in: $0) != nil }),
            let indent = firstMatch(held, in: lines[lastHeld])?[1]
        else {
            throw Refusal("\(name) holds no usecase yet (`private let loadItems: LoadItemsUsecase`): add the first by hand")
        }
        // In the init's body: after the last usecase it takes, or first.
        let end = lines[initLine...].firstIndex(where: { $0 == indent + "}" }) ?? initLine
        let taken = lines[initLine..<end].lastIndex(where: { firstMatch(#"= \#(service)\.\w+(Action|Query)\s*$"#, in: $0) != nil })
        lines.insert("\(indent)    \(function) = \(service).\(usecase.property)", at: (taken ?? initLine) + 1)
        lines.insert("\(indent)private let \(function): \(usecase.type)", at: lastHeld + 1)
        return PlannedFile(url: url, contents: lines.joined(separator: "\n"))
    }
}

/// The folder of a module: the one that holds all its sources (`Sources/App`).
/// (`Target.directoryURL` needs tools version 6.1; the kit's manifest is 6.0.)
private func folder(of module: SourceModuleTarget) -> URL {
    let folders = module.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL.pathComponents }
    guard var common = folders.first else { return URL(fileURLWithPath: "/") }
    for components in folders.dropFirst() {
        common = Array(zip(common, components).prefix { $0.0 == $0.1 }.map(\.0))
    }
    return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
}

/// The Swift files of a module, with their text.
private func swiftFiles(of module: SourceModuleTarget) -> [(url: URL, text: String)] {
    module.sourceFiles(withSuffix: "swift").compactMap { file in
        (try? String(contentsOf: file.url, encoding: .utf8)).map { (file.url, $0) }
    }
}

/// The first match of `pattern` in `text`: the whole match, then each group ("" when a group did not take part).
func firstMatch(_ pattern: String, in text: String) -> [String]? {
    allMatches(pattern, in: text, limit: 1).first
}

/// Every match of `pattern` in `text`, as `firstMatch` gives one.
func allMatches(_ pattern: String, in text: String, limit: Int = .max) -> [[String]] {
    // The patterns are this file's literals, with names that are `\w+` captures or plain identifiers
    // (checked before they get here): one that does not compile is a bug here, found by the plugin test.
    guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
        preconditionFailure("keel-add-usecase: the pattern \(pattern) does not compile")
    }
    let whole = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: whole).prefix(limit).map { result in
        (0..<result.numberOfRanges).map { index in
            Range(result.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }
}
