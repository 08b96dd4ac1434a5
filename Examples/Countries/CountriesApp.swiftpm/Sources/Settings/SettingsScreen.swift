import CountriesApp
import CountriesDomain
import CountriesPresentation
import SwiftUI
import Keel
import KeelSwiftUI

/// The settings: the region switch and the language of country names.
///
/// Article 004's view state: the form edits a ``SettingsViewState`` held in
/// `@State`; saving applies it through its `apply(to:)`, which validates it
/// and calls the usecases, or returns the message to show under the fields.
struct SettingsScreen: View {
    @State private var settings: SettingsViewState
    @State private var message: LocalizedText?
    @Environment(\.dismiss) private var dismiss
    private let scene: CountriesScene
    private var service: any Serving { scene.service }

    /// The form of `scene`'s settings: a view state, cheap to make again at
    /// every pass (`@State` keeps the first).
    init(scene: CountriesScene) {
        self.scene = scene
        _settings = State(wrappedValue: SettingsViewState(scene.service.appState.read { $0.settings }))
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Group by region", isOn: $settings.showsRegion)
                } footer: {
                    Text("The list is grouped by region and the details show the region.")
                }
                Section {
                    Picker("Names in", selection: $settings.languageCode) {
                        // Names follow the app's language until the reader chooses another.
                        Text("The app's language (\(scene.readerLanguage.endonym))").tag("")
                        ForEach(settings.languages) { language in
                            Text(language.endonym).tag(language.code)
                        }
                    }
                } footer: {
                    if let message {
                        Text(message).foregroundStyle(.secondary)
                    } else if let country = settings.previewCountry(among: service.appState.read { $0.countries }.value ?? []) {
                        Text("For example: \(settings.preview(of: country, readBy: scene.readerLanguage))")
                    }
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                Button("Cancel", role: .cancel) { dismiss() }
                Button("Save") { save() }
            }
        }
    }

    private func save() {
        message = settings.apply(to: service)
        if message == nil { dismiss() }
    }
}

#if DEBUG
#Preview("Settings") {
    RaftPreview { scene in
        SettingsScreen(scene: scene)
    }
}
#endif
