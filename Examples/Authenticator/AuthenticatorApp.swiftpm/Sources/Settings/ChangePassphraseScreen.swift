import AuthenticatorDomain
import AuthenticatorPresentation
import SwiftUI

/// Changing the passphrase: the current one, and the new one typed twice.
/// Only the data key is rewrapped; the view model clears the fields once
/// used and closes the sheet when done.
struct ChangePassphraseScreen: View {
    @State private var model: ChangePassphraseViewModel
    private let service: any Serving
    private let scene: String

    init(service: any Serving, scene: String) {
        self.service = service
        self.scene = scene
        _model = State(wrappedValue: ChangePassphraseViewModel(service, scene: scene))
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    SecureField("Current passphrase", text: $model.current)
                }
                Section {
                    SecureField("New passphrase", text: $model.new)
                    SecureField("New passphrase again", text: $model.confirmation)
                } footer: {
                    FieldMessage(
                        text: model.message,
                        hint: "At least \(Passphrase.minimumLength) characters. The accounts stay as they are; only the key that opens them is sealed again.")
                }
                Section {
                    HStack {
                        Button("Change the passphrase") { model.send(.submit) }
                            .disabled(!model.canSubmit)
                        if model.isWorking {
                            Spacer()
                            ProgressView()
                        }
                    }
                }
            }
            .navigationTitle("Passphrase")
            .toolbar {
                Button("Cancel", role: .cancel) { service.presentSheetAction(scene, nil) }
            }
        }
    }
}

#Preview("Change the passphrase") {
    RaftPreview { raft in
        ChangePassphraseScreen(service: raft, scene: previewScene)
    }
}
