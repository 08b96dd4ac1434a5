import AuthenticatorDomain
import AuthenticatorPresentation
import SwiftUI

/// The form editing a saved account's names, note and tags (never its secret
/// or parameters): the view state (``AccountEditState``) in `@State`,
/// validated and saved by its `apply(to:)`.
struct EditAccountScreen: View {
    @State private var edit: AccountEditState
    @State private var message: String?
    @State private var isSaving = false
    let service: any Serving
    let scene: String

    /// The form for `saved`.
    init(service: any Serving, scene: String, saved: SavedAccount) {
        self.service = service
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
                    FieldMessage(text: message)
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
                Button("Cancel", role: .cancel) { service.presentSheetAction(scene, nil) }
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
            message = await state.apply(to: service)
            edit = state
            if message == nil { service.presentSheetAction(scene, nil) }
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
            Text(VaultFizzle.accountNotFound.message)
        } actions: {
            Button("Close", action: close)
        }
    }
}

#Preview("Edit an account") {
    RaftPreview { raft in
        if let saved = raft.appState.read({ $0.accounts }).value?.first {
            EditAccountScreen(service: raft, scene: previewScene, saved: saved)
        }
    }
}

#Preview("Account not found") {
    MissingAccountView(close: {})
}
