import AuthenticatorDomain
import AuthenticatorPresentation
import SwiftUI

/// Changing the passphrase: the current one, and the new one typed twice.
/// Only the data key is rewrapped; the view model clears the fields once
/// used and closes the sheet when done. The scene keeps the view model while
/// the sheet is shown, and lets go of it (and what was typed) when it closes.
struct ChangePassphraseScreen: View {
    let scene: AuthenticatorScene
    @Bindable private var model: ChangePassphraseViewModel

    init(scene: AuthenticatorScene) {
        self.scene = scene
        model = scene.passphrase()
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
                        message: model.message,
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
                Button("Cancel", role: .cancel) { scene.dismissSheet() }
            }
        }
    }
}

#if DEBUG
#Preview("Change the passphrase") {
    RaftPreview(sheet: .changePassphrase) { scene in
        ChangePassphraseScreen(scene: scene)
    }
}
#endif
