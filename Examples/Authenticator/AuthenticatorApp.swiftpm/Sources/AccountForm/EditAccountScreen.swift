import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelSwiftUI
import SwiftUI

/// The form editing a saved account's names, note and tags (never its secret
/// or parameters): the view state (``AccountEditState``) in `@State`,
/// validated and saved by its `apply(to:)`.
struct EditAccountScreen: View {
    @State private var edit: AccountEditState
    @State private var message: LocalizedText?
    @State private var isSaving = false
    let scene: AuthenticatorScene

    /// The form for `saved`: a view state, cheap to make again at every pass
    /// (`@State` keeps the first).
    init(scene: AuthenticatorScene, saved: SavedAccount) {
        self.scene = scene
        _edit = State(wrappedValue: AccountEditState(saved))
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Service", text: $edit.issuer)
                    TextField("Account", text: $edit.name)
                } footer: {
                    FieldMessage(message: message)
                }
                Section("Tags, separated by commas") {
                    TextField("work, personal", text: $edit.tags)
                }
                Section("Note") {
                    TextField("Note", text: $edit.note)
                }
            }
            .navigationTitle("Edit the account")
            .toolbar {
                Button("Cancel", role: .cancel) { scene.dismissSheet() }
                Button("Save") { save() }
                    .disabled(isSaving)
            }
        }
    }

    /// Saves through the view state; closes the sheet, or shows why not.
    private func save() {
        var state = edit
        isSaving = true
        Task {
            defer { isSaving = false }
            message = await state.apply(to: scene.service)
            edit = state
            if message == nil { scene.dismissSheet() }
        }
    }
}

/// What an edit sheet shows when its account was deleted meanwhile (a show).
struct MissingAccountView: View {
    let close: () -> Void

    var body: some View {
        ContentUnavailableView {
            Label("Account not found", systemImage: "questionmark")
        } description: {
            Text(VaultFizzle.accountNotFound.message, bundle: AuthenticatorStrings.bundle)
        } actions: {
            Button("Close", action: close)
        }
    }
}

#if DEBUG
#Preview("Edit an account") {
    RaftPreview { scene in
        if let saved = scene.service.appState.read({ $0.accounts }).value?.first {
            EditAccountScreen(scene: scene, saved: saved)
        }
    }
}

#Preview("Account not found") {
    MissingAccountView(close: {})
}
#endif
