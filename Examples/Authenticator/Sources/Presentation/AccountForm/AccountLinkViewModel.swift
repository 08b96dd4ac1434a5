import AuthenticatorDomain
import Keel
import Observation

/// Adding an account from an `otpauth://` link (a QR code's text, pasted):
/// the link, and why it was refused. The link holds the secret: it is
/// cleared as soon as it is sent, whatever happens, and never shown back.
@MainActor
@Observable
public final class AccountLinkViewModel: ViewModel, RedactedDescription {
    /// What the screen can ask for.
    public enum Event: Sendable, Equatable {
        /// Add the account the link describes.
        case add
    }

    /// The link typed or pasted.
    public var link = ""
    /// Why the link was refused, if it was.
    public private(set) var message: LocalizedText?
    /// The account the last link added, once added.
    public private(set) var added: SavedAccount?
    /// Whether the account is being added.
    public private(set) var isWorking = false

    private let appState: Store<AppState>
    private let addAccountLink: AddAccountLinkUsecase
    private let presentSheet: PresentSheetUsecase
    private let scene: String
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the view model for `scene` from the container.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving, scene: String) {
        appState = service.appState
        addAccountLink = service.addAccountLinkAction
        presentSheet = service.presentSheetAction
        self.scene = scene
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        switch event {
        case .add:
            // An empty link is sent too: the usecase says what a link must be.
            guard !isWorking else { return }
            let link = link
            // In the store's timeline, when it keeps one: the link without its secret.
            appState.record(LinkAdded(link), from: "Account link in \(scene)")
            self.link = ""
            added = nil
            message = nil
            isWorking = true
            tasks.run("add") { @MainActor [weak self, addAccountLink] in
                let outcome: Result<SavedAccount, VaultFizzle>
                do throws(VaultFizzle) {
                    outcome = .success(try await addAccountLink(link))
                } catch {
                    outcome = .failure(error)
                }
                self?.finish(outcome)
            }
        }
    }

    /// Whether the add button can be pressed.
    public var canAdd: Bool { !isWorking && !link.isEmpty }

    private func finish(_ outcome: Result<SavedAccount, VaultFizzle>) {
        isWorking = false
        switch outcome {
        case .success(let saved):
            added = saved
            message = nil
            // The account is in: the add sheet, where the link was pasted, closes.
            presentSheet(scene, nil)
        case .failure(let fizzle):
            message = fizzle.message
        }
    }
}
