// keel-add-usecase NAME --action|--query [--view-model TYPE]: adds a usecase
// to the Keel app it runs in, in the places the README's "adding a usecase"
// diff shows: its contract in the Domain's Serving file (a requirement of
// Serving, with the usecase's doc, and its typealias after the protocol), its
// file in App, a test, and with --view-model, the view model's wiring.
// Usage: Plugins/README.md.
import Foundation
import PackagePlugin

@main
struct KeelAddUsecase: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let plan = try UsecasePlan(arguments: arguments, app: context.package)
        try write(plan.files)
        print("Added the \(plan.kind.word) \(plan.usecase.stem) to \(context.package.displayName):")
        for file in plan.files { print("  \(file.url.path)") }
    }
}

/// An action (answers a request) or a query (keeps state in sync with a source).
enum UsecaseKind {
    case action, query

    var word: String { self == .action ? "action" : "query" }
    /// The typealias's suffix: `LoadItemsUsecase`, `FollowItemsQuery`.
    var typeSuffix: String { self == .action ? "Usecase" : "Query" }
    /// The Serving property's suffix: `loadItemsAction`, `followItemsQuery`.
    var propertySuffix: String { self == .action ? "Action" : "Query" }
    /// The folder of its file in App.
    var folder: String { self == .action ? "Usecases" : "Queries" }
}

/// The names of one usecase, from its stem: `Rate` → `RateUsecase`,
/// `rateAction`, `App/Usecases/Rate.swift`, `rate()`.
struct UsecaseNames {
    let stem: String
    let kind: UsecaseKind
    var type: String { stem + kind.typeSuffix }
    var property: String { function + kind.propertySuffix }
    var function: String { lowerFirst(stem) }
}

/// The files the usecase changes and adds, computed and checked before
/// anything is written.
struct UsecasePlan {
    let kind: UsecaseKind
    let usecase: UsecaseNames
    let files: [PlannedFile]

    static let usage = "usage: swift package --allow-writing-to-package-directory keel-add-usecase NAME --action|--query [--view-model TYPE]"

    init(arguments: [String], app: Package) throws {
        var extractor = ArgumentExtractor(arguments)
        let action = extractor.extractFlag(named: "action") > 0
        let query = extractor.extractFlag(named: "query") > 0
        let viewModels = extractor.extractOption(named: "view-model")
        let rest = extractor.remainingArguments
        if let unknown = rest.first(where: { $0.hasPrefix("-") }) {
            throw Refusal("unknown option \(unknown)\n\(Self.usage)")
        }
        guard rest.count == 1, let name = rest.first else {
            throw Refusal("name the usecase once (got \(rest.isEmpty ? "none" : rest.joined(separator: " ")))\n\(Self.usage)")
        }
        switch (action, query) {
        case (true, false): kind = .action
        case (false, true): kind = .query
        case (true, true): throw Refusal("a usecase is an action or a query: give --action or --query, not both\n\(Self.usage)")
        case (false, false):
            throw Refusal("""
                say what the usecase is: --action (answers a request: returns a result, changes the app state, or both) \
                or --query (keeps a part of the app state in sync with a source)
                \(Self.usage)
                """)
        }
        guard isPlainIdentifier(name), isPlainIdentifier(lowerFirst(name)) else {
            throw Refusal("'\(name)' is not a name for a usecase: use letters and digits, starting with a letter, not a Swift keyword (for example RateItem)")
        }
        usecase = UsecaseNames(stem: upperFirst(name), kind: kind)

        guard viewModels.count <= 1 else { throw Refusal("give --view-model once\n\(Self.usage)") }

        let layout = try AppLayout(app)
        try layout.checkFree(usecase)
        var files = [
            PlannedFile(
                url: layout.serving,
                contents: try layout.servingAdding(requirement: requirement(usecase, layout), signature: signature(usecase, layout))),
            PlannedFile(url: layout.file(of: usecase), contents: body(usecase, layout)),
            PlannedFile(url: layout.test(of: usecase), contents: test(usecase, layout)),
        ]
        if let viewModel = viewModels.first {
            files.append(try layout.viewModel(viewModel, adding: usecase))
        }
        self.files = files
    }
}
