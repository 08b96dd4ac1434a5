// The known-good sample: each canary's view, without its mistake. It must
// pass the check, so that the canaries fail for their mistake and nothing else.
import CountriesDomain
import CountriesPresentation
import Foundation
import SwiftUI
import UniformTypeIdentifiers

/// A window's scene made once, in `.task` (its initializer is `async`).
struct GoodWindowSample: View {
    let service: any Serving
    @State private var scene: CountriesScene?

    var body: some View {
        VStack {
            if let scene {
                GoodListSample(scene: scene)
            }
        }
        .task {
            if scene == nil { scene = await CountriesScene(service) }
        }
    }
}

struct GoodListSample: View {
    let scene: CountriesScene
    @State private var isRefreshShown = false

    var body: some View {
        @Bindable var model = scene.list
        VStack {
            Text("Countries")
            Text("\(model.resultCount) countries")
            MatchCountView(count: model.matches?.count ?? 0)
        }
        .searchable(text: $model.searchText)
        // `refreshable`'s closure inherits the main actor
        // (`@_inheritActorContext`): it reads the view model without `await`.
        .refreshable {
            if !model.isRefreshing { await model.refresh() }
        }
        // `Binding(get:set:)`'s `@Sendable` closures inherit the main actor too.
        .alert("Refreshing", isPresented: Binding(get: { model.isRefreshing && isRefreshShown }, set: { isRefreshShown = $0 })) {
            Button("OK") { model.send(.cancelRefresh) }
        }
    }
}

struct MatchCountView: View {
    let count: Int

    var body: some View {
        Text("\(count) matches")
    }
}

struct GoodSettingsSample: View {
    @State private var settings: SettingsViewState
    @State private var isSearching = false

    init(settings: AppState.Settings) {
        _settings = State(wrappedValue: SettingsViewState(settings))
    }

    var body: some View {
        Form {
            Toggle("Group by region", isOn: $settings.showsRegion)
            Toggle("Searching", isOn: $isSearching)
        }
    }
}

struct GoodDetailsSample: View {
    let model: CountryDetailsViewModel
    @Environment(\.locale) private var locale

    var body: some View {
        List {
            if let facts = model.facts {
                ForEach(facts.currencies, id: \.self) { currency in
                    Text(currency.name(in: locale))
                }
                ForEach(facts.neighbours) { neighbour in
                    NavigationLink(neighbour.name, value: neighbour.code)
                }
            }
        }
        .task { model.send(.appeared) }
    }
}

/// An export that forgets its bytes however the dialog ends.
struct GoodExportSample: View {
    @State private var document: GoodText?
    @State private var isSaving = false

    var body: some View {
        Text("Export")
            .fileExporter(isPresented: $isSaving, document: document, contentTypes: [.plainText]) { _ in
                document = nil
            } onCancellation: {
                document = nil
            }
    }
}

struct GoodText: FileDocument {
    static let readableContentTypes: [UTType] = [.plainText]
    let data: Data

    init(configuration: ReadConfiguration) throws {
        data = configuration.file.regularFileContents ?? Data()
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: data)
    }
}

#Preview("Good") {
    MatchCountView(count: 3)
}
