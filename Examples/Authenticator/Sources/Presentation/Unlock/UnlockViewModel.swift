import AuthenticatorDomain
import Keel
import Observation

/// The first screen: creates the vault on first launch, unlocks it afterwards.
///
/// Shared state: ``passphrase`` and ``confirmation`` (bind secure fields to
/// them). They are cleared once used, so that no passphrase stays in memory
/// longer than the screen needs it.
@MainActor
@Observable
public final class UnlockViewModel: ViewModel, RedactedDescription {
    /// What the screen can ask for.
    public enum Event: Codable, Sendable, Equatable {
        /// Create the vault, or unlock it.
        case submit
    }

    /// What the screen is for.
    public enum Mode: Equatable, Sendable {
        /// There is no vault: choose a passphrase, typed twice.
        case create
        /// Unlock the vault with its passphrase.
        case unlock
        /// The vault is open: the screen has nothing to do.
        case unlocked
    }

    /// The passphrase typed.
    public var passphrase = ""
    /// The passphrase typed again (creating only).
    public var confirmation = ""
    /// Why the last try failed, if it did.
    public private(set) var message: LocalizedText?
    /// Whether a try is running (scrypt takes a moment on purpose).
    public private(set) var isWorking = false
    /// Who types here, for counting wrong passphrases: the owner on a device;
    /// a web front-end says, for each try, whether it knows the browser.
    public var typist = PassphraseTry.owner

    private let appState: Store<AppState>
    private let createVault: CreateVaultUsecase
    private let unlockVault: UnlockVaultUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the screen's view model from the container.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving) {
        appState = service.appState
        createVault = service.createVaultAction
        unlockVault = service.unlockVaultAction
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        switch event {
        case .submit:
            guard !isWorking else { return }
            tasks.run("submit") { @MainActor [weak self] in _ = await self?.submit() }
        }
    }

    /// Creates or unlocks, and returns when done (for hosts and tests):
    /// whether the passphrase opened the vault.
    ///
    /// With the vault open already, a passphrase typed is checked like an
    /// unlock try (for a host that opens the vault to each of its sessions
    /// only once it typed it, such as each browser of the web front-end); an
    /// empty one does nothing.
    @discardableResult
    public func submit() async -> Bool {
        let mode = mode
        guard !isWorking, mode != .unlocked || !passphrase.isEmpty else { return false }
        // In the store's timeline, when it keeps one: the passphrase typed never is.
        appState.record(Event.submit, from: "Unlock")
        isWorking = true
        defer { isWorking = false }
        if mode == .create, let problem = Passphrase.problem(with: passphrase) {
            message = problem.message
            return false
        }
        let passphrase = passphrase
        let confirmation = confirmation
        do throws(VaultFizzle) {
            if mode == .create {
                try await createVault(passphrase, confirmation)
            } else {
                try await unlockVault(passphrase, typist)
            }
            message = nil
            self.passphrase = ""
            self.confirmation = ""
            return true
        } catch {
            message = error.message
            if mode != .create { self.passphrase = "" }
            return false
        }
    }

    // MARK: What the screen shows

    /// What the screen is for, from the app state.
    public var mode: Mode {
        switch appState.read({ $0.lock }) {
        case .noVault: .create
        case .unlocked: .unlocked
        case .unknown, .locked: .unlock
        }
    }

    /// The screen's title.
    public var title: LocalizedText {
        mode == .create ? "Create your vault" : "Unlock your vault"
    }

    /// The hint under the passphrase field.
    public var hint: LocalizedText {
        mode == .create
            ? "Choose a passphrase of at least \(Passphrase.minimumLength) characters. It cannot be recovered: keep it safe."
            : "Enter the passphrase of your vault."
    }

    /// What opening the vault's files found (a damaged file set aside at
    /// launch, so that the vault to create is a new, empty one; a folder others
    /// could read), in one text; `nil` when there is nothing to tell.
    public var notice: LocalizedText? {
        let messages = appState.read { $0.system.notices }.map(\.message)
        guard var text = messages.first else { return nil }
        for message in messages.dropFirst() { text = "\(text) \(message)" }
        return text
    }

    /// Whether the submit button can be pressed.
    public var canSubmit: Bool {
        !isWorking && !passphrase.isEmpty && (mode != .create || !confirmation.isEmpty)
    }
}
