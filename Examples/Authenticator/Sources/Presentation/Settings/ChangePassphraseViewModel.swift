import AuthenticatorDomain
import Keel
import Observation

/// Changing the passphrase: the current one, and the new one typed twice.
/// Only the data key is rewrapped; the fields are cleared once used.
@MainActor
@Observable
public final class ChangePassphraseViewModel: ViewModel, RedactedDescription {
    /// What the screen can ask for.
    public enum Event: Sendable, Equatable {
        /// Change the passphrase.
        case submit
    }

    /// The current passphrase.
    public var current = ""
    /// The new passphrase.
    public var new = ""
    /// The new passphrase typed again.
    public var confirmation = ""
    /// Why the change failed, if it did.
    public private(set) var message: LocalizedText?
    /// Whether the change is done.
    public private(set) var isDone = false
    /// Whether the change is running.
    public private(set) var isWorking = false

    private let changePassphrase: ChangePassphraseUsecase
    private let presentSheet: PresentSheetUsecase
    private let scene: String
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the screen's view model for `scene` from the container.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving, scene: String) {
        changePassphrase = service.changePassphraseAction
        presentSheet = service.presentSheetAction
        self.scene = scene
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        switch event {
        case .submit:
            guard !isWorking else { return }
            isWorking = true
            tasks.run("submit") { @MainActor [weak self] in
                await self?.submit()
                self?.isWorking = false
            }
        }
    }

    private func submit() async {
        isDone = false
        if let problem = Passphrase.problem(with: new) {
            message = problem.message
            return
        }
        guard new == confirmation else {
            message = VaultFizzle.passphrasesDiffer.message
            return
        }
        do throws(VaultFizzle) {
            try await changePassphrase(current, new, confirmation)
            current = ""
            new = ""
            confirmation = ""
            message = nil
            isDone = true
            presentSheet(scene, nil)
        } catch {
            message = error.message
            current = ""
        }
    }

    /// Whether the submit button can be pressed.
    public var canSubmit: Bool { !isWorking && !current.isEmpty && !new.isEmpty && !confirmation.isEmpty }
}
