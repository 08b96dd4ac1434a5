import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Testing

/// What a person types into a form (a secret, a passphrase, a password) never
/// shows in a description, a dump or a failed expectation.
@MainActor
@Suite("Forms and view models never show what was typed", .timeLimit(.minutes(5)))
struct RedactionTests {
    static let typed = "JBSWY3DPEHPK3PXP"

    /// Every way a value is turned into text by accident.
    static func texts(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test("the add form's state")
    func formState() {
        var form = AccountFormState()
        form.secret = Self.typed
        form.issuer = "GitHub"
        for text in Self.texts(of: form) {
            #expect(!text.contains(Self.typed), "\(text)")
        }
        #expect(String(describing: form) == "AccountFormState(redacted)")
    }

    @Test("the view models that hold passphrases and passwords")
    func viewModels() async throws {
        let raft = try await Vessel.raft(unlocked: false)
        let unlock = UnlockViewModel(raft)
        unlock.passphrase = Self.typed
        unlock.confirmation = Self.typed
        let change = ChangePassphraseViewModel(raft, scene: "tab")
        change.current = Self.typed
        change.new = Self.typed
        change.confirmation = Self.typed
        let export = ExportViewModel(raft)
        export.password = Self.typed
        export.confirmation = Self.typed
        export.passphrase = Self.typed
        var backup = BackupSettingsViewState(BackupState())
        backup.password = Self.typed
        backup.confirmation = Self.typed
        let importer = ImportViewModel(raft)
        importer.text = "otpauth://totp/A:b?secret=\(Self.typed)"
        importer.password = Self.typed
        for model in [unlock, change, export, importer, backup] as [Any] {
            for text in Self.texts(of: model) {
                #expect(!text.contains(Self.typed), "\(text)")
            }
        }
    }
}
