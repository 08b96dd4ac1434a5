import AuthenticatorDomain
import Foundation
import Keel
import Observation

/// The export: choose a format; an encrypted Aegis vault needs a password
/// typed twice; a plain format (or an Aegis vault without a password) needs
/// an explicit confirmation that the file shows every secret. Either way the
/// vault's passphrase is typed again (``passphrase``): an unlocked vault
/// alone exports nothing.
@MainActor
@Observable
public final class ExportViewModel: ViewModel, RedactedDescription {
    /// What the export screen can ask for.
    public enum Event: Sendable, Equatable {
        /// Write the export.
        case export
        /// Forget the export written (once saved or shared).
        case clear
    }

    /// The format to write.
    public var format = ImportFormat.aegis
    /// The password of an encrypted export.
    public var password = ""
    /// The password typed again.
    public var confirmation = ""
    /// The explicit confirmation a plain export needs.
    public var confirmsPlain = false
    /// The vault's passphrase, typed again; cleared after every try.
    public var passphrase = ""

    /// The export written, to save or share.
    public private(set) var export: Export?
    /// Why the export failed, if it did.
    public private(set) var message: LocalizedText?
    /// Whether the export is being written.
    public private(set) var isWorking = false

    private let exportAccounts: ExportAccountsUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the export's view model from the container.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving) {
        exportAccounts = service.exportAccountsAction
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        switch event {
        case .export:
            guard !isWorking else { return }
            isWorking = true
            tasks.run("export") { @MainActor [weak self] in
                await self?.write()
                self?.isWorking = false
            }
        case .clear:
            export = nil
            message = nil
        }
    }

    private func write() async {
        export = nil
        let passphrase = passphrase
        // Whatever happens, the vault's passphrase is not kept.
        self.passphrase = ""
        if isEncrypted {
            if let problem = Passphrase.problem(withPassword: password) {
                message = problem.message
                return
            }
            guard password == confirmation else {
                message = VaultFizzle.passwordsDiffer.message
                return
            }
        }
        do throws(VaultFizzle) {
            export = try await exportAccounts(passphrase, format, isEncrypted ? password : nil, confirmsPlain)
            password = ""
            confirmation = ""
            message = nil
        } catch {
            message = error.message
        }
    }

    // MARK: What the screen shows

    /// The formats the app writes.
    public var formats: [ImportFormat] { ImportFormat.allCases.filter(\.isWritable) }

    /// Whether the export will be encrypted with a password: an Aegis vault,
    /// unless its password is left empty and a plain file is confirmed.
    public var isEncrypted: Bool { format == .aegis && !(password.isEmpty && confirmsPlain) }

    /// The warning a plain export shows next to its confirmation.
    public var plainWarning: LocalizedText? {
        isEncrypted ? nil : "This file holds every secret in clear: anyone who reads it can make your codes."
    }

    /// A file name for the export ("accounts.aegis.json").
    public var fileName: String {
        switch format {
        case .aegis: "accounts.aegis.json"
        case .googleMigration: "accounts.google.txt"
        default: "accounts.otpauth.txt"
        }
    }

    /// Whether the export button can be pressed.
    public var canExport: Bool {
        !isWorking && !passphrase.isEmpty && (isEncrypted ? !password.isEmpty : confirmsPlain)
    }
}
