import AuthenticatorDomain
import AuthenticatorPresentation
import KeelSwiftUI
import SwiftUI

/// The first screen: creates the vault on first launch (the passphrase
/// typed twice), unlocks it afterwards. The fields are secure fields bound to
/// the view model, which clears them once used; the scene made it
/// (``AuthenticatorScene/unlock``).
struct UnlockScreen: View {
    @Bindable var model: UnlockViewModel

    var body: some View {
        NavigationStack {
            Form {
                if let notice = model.notice {
                    Section {
                        Label {
                            Text(notice)
                        } icon: {
                            Image(systemName: "exclamationmark.triangle")
                        }
                    }
                }
                Section {
                    SecureField("Passphrase", text: $model.passphrase)
                    if model.mode == .create {
                        SecureField("Passphrase again", text: $model.confirmation)
                    }
                } footer: {
                    FieldMessage(
                        message: model.message,
                        hint: model.hint)
                }
                Section {
                    HStack {
                        Button(model.mode == .create ? "Create the vault" : "Unlock") {
                            model.send(.submit)
                        }
                        .disabled(!model.canSubmit)
                        if model.isWorking {
                            Spacer()
                            ProgressView()
                        }
                    }
                }
            }
            .navigationTitle(model.title.resolved(bundle: AuthenticatorStrings.bundle))
        }
    }
}

#if DEBUG
#Preview("Unlock") {
    RaftPreview(unlocked: false) { scene in
        UnlockScreen(model: scene.unlock)
    }
}

#Preview("Create") {
    RaftPreview(accounts: [], unlocked: false) { scene in
        UnlockScreen(model: scene.unlock)
    }
}
#endif
