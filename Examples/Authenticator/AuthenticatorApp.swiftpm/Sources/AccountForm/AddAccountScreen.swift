import AuthenticatorDomain
import AuthenticatorPresentation
import KeelSwiftUI
import SwiftUI

/// The add-account form, as article 004 shows it: the view state
/// (``AccountFormState``) in `@State`, validated on save, each message under
/// its field. The secret is typed in a secure field and never shown.
/// Or a link pasted (`otpauth://`, a QR code's text) is added through the
/// scene's ``AccountLinkViewModel``, which closes the sheet once it is in.
struct AddAccountScreen: View {
    @State private var form = AccountFormState()
    @State private var isSaving = false
    let scene: AuthenticatorScene
    @Bindable private var link: AccountLinkViewModel

    init(scene: AuthenticatorScene) {
        self.scene = scene
        link = scene.linkAdder()
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Service (GitHub)", text: $form.issuer)
                    FieldMessage(message: form.message(for: .issuer))
                    TextField("Account (ada@example.com)", text: $form.name)
                    FieldMessage(message: form.message(for: .name))
                }
                Section {
                    SecureField("Secret key", text: $form.secret)
                    FieldMessage(
                        message: form.message(for: .secret),
                        hint: "The key the service shows next to its QR code (letters A–Z and digits 2–7).")
                }
                Section {
                    Picker("Kind", selection: $form.kind) {
                        ForEach(OTPKind.allCases, id: \.self) { kind in
                            Text(kind.title, bundle: AuthenticatorStrings.bundle).tag(kind)
                        }
                    }
                    if form.showsAlgorithmAndDigits {
                        Picker("Algorithm", selection: $form.algorithm) {
                            ForEach(OTPAlgorithm.allCases, id: \.self) { algorithm in
                                Text(algorithm.name).tag(algorithm)
                            }
                        }
                        Picker("Digits", selection: $form.digits) {
                            ForEach(form.digitChoices, id: \.self) { digits in
                                Text("\(digits)").tag(digits)
                            }
                        }
                        FieldMessage(message: form.message(for: .digits))
                    }
                    if form.showsPeriod {
                        TextField("Period in seconds", text: $form.period)
                        FieldMessage(message: form.message(for: .period))
                    }
                    if form.showsCounter {
                        TextField("Counter", text: $form.counter)
                        FieldMessage(message: form.message(for: .counter))
                    }
                } header: {
                    Text("Codes")
                } footer: {
                    FieldMessage(message: form.vaultMessage)
                }
                Section {
                    SecureField("otpauth:// link", text: $link.link)
                    FieldMessage(
                        message: link.message,
                        hint: "Paste the text of the service's QR code instead of filling in the form.")
                    Button("Add from the link") { link.send(.add) }
                        .disabled(!link.canAdd)
                } header: {
                    Text("Or paste a link")
                }
            }
            .navigationTitle("Add an account")
            .toolbar {
                Button("Cancel", role: .cancel) { scene.dismissSheet() }
                Button("Save") { save() }
                    .disabled(isSaving)
            }
        }
    }

    /// Validates the form; when nothing is wrong, adds the account and closes the sheet.
    private func save() {
        isSaving = true
        Task {
            defer { isSaving = false }
            var adding = form
            let added = await adding.apply(to: scene.service)
            form = adding
            if added != nil { scene.dismissSheet() }
        }
    }
}

#if DEBUG
#Preview("Add an account") {
    RaftPreview(sheet: .addAccount) { scene in
        AddAccountScreen(scene: scene)
    }
}
#endif
