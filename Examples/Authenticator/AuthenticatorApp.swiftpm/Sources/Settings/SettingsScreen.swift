import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelSwiftUI
import SwiftUI

/// The settings: next code, time offset, auto-lock, sort order, and the way
/// to change the passphrase.
///
/// Article 004's view state: the form edits a ``SettingsViewState`` held in
/// `@State`; saving applies it through its `apply(to:)`, which validates it
/// and calls the usecase, or returns the message to show.
struct SettingsScreen: View {
    @State private var settings: SettingsViewState
    @State private var message: LocalizedText?
    let scene: AuthenticatorScene

    /// The form: a view state, cheap to make again at every pass (`@State`
    /// keeps the first).
    init(scene: AuthenticatorScene) {
        self.scene = scene
        _settings = State(wrappedValue: SettingsViewState(scene.service.appState.read { $0.settings }))
    }

    var body: some View {
        NavigationStack {
            Form {
                Section("Codes") {
                    Toggle("Show the next code", isOn: $settings.showsNextCode)
                    TextField("Time offset in seconds", text: $settings.timeOffset)
                }
                Section("List") {
                    Picker("Sort by", selection: $settings.sortOrder) {
                        ForEach(AccountOrder.allCases, id: \.self) { order in
                            Text(order.title, bundle: AuthenticatorStrings.bundle).tag(order)
                        }
                    }
                }
                Section {
                    Picker("Lock after", selection: $settings.autoLockMinutes) {
                        ForEach(SettingsViewState.autoLockChoices, id: \.self) { minutes in
                            Text(SettingsViewState.title(ofAutoLock: minutes), bundle: AuthenticatorStrings.bundle).tag(minutes)
                        }
                    }
                    Button("Change the passphrase") { scene.present(.changePassphrase) }
                } header: {
                    Text("Security")
                } footer: {
                    FieldMessage(message: message, hint: "The vault also locks when the app goes to the background, unless auto-lock is off.")
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                Button("Cancel", role: .cancel) { scene.dismissSheet() }
                Button("Save") { save() }
            }
        }
    }

    private func save() {
        var state = settings
        Task {
            message = await state.apply(to: scene.service)
            settings = state
            if message == nil { scene.dismissSheet() }
        }
    }
}

#if DEBUG
#Preview("Settings") {
    RaftPreview(sheet: .settings) { scene in
        SettingsScreen(scene: scene)
    }
}
#endif
