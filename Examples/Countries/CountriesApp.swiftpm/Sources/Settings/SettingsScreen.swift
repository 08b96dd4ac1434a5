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
    private let service: any Serving

    init(service: any Serving) {
        self.service = service
        _settings = State(wrappedValue: SettingsViewState(service.appState.read { $0.settings }))
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
                        ForEach(settings.languages) { language in
                            Text(language.endonym).tag(language.code)
                        }
                    }
                } footer: {
                    if let message {
                        Text(message).foregroundStyle(.secondary)
                    } else if let country = settings.previewCountry(among: service.appState.read { $0.countries }.value ?? []) {
                        Text("For example: \(settings.preview(of: country))")
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
        SettingsScreen(service: scene.service)
    }
}
#endif
