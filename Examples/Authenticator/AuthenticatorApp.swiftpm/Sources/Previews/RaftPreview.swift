import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import SwiftUI

/// Builds a ``Raft`` (the container for previews and tests) holding sample
/// accounts and a scene over it (``AuthenticatorScene``, id ``previewScene``),
/// then shows `content` with the scene: the previews of every screen run on
/// the same usecases and view models as the app, over an in-memory vault.
/// Both are made once, in `.task`, as a window makes its scene.
struct RaftPreview<Content: View>: View {
    private let accounts: [Account]
    private let unlocked: Bool
    private let sheet: AppState.Sheet?
    private let content: (AuthenticatorScene) -> Content
    @State private var scene: AuthenticatorScene?
    @State private var failure: String?

    /// - Parameters:
    ///   - accounts: What the raft's vault holds; none and `unlocked` false
    ///     gives a first launch (no vault yet).
    ///   - unlocked: Whether the vault is left unlocked.
    ///   - sheet: The sheet the scene shows, for a sheet's preview.
    ///   - content: The view to preview, given the scene.
    init(
        accounts: [Account] = Account.samples, unlocked: Bool = true, sheet: AppState.Sheet? = nil,
        @ViewBuilder content: @escaping (AuthenticatorScene) -> Content
    ) {
        self.accounts = accounts
        self.unlocked = unlocked
        self.sheet = sheet
        self.content = content
    }

    var body: some View {
        if let scene {
            content(scene)
        } else if let failure {
            Text(failure)
        } else {
            ProgressView()
                .task { await launch() }
        }
    }

    private func launch() async {
        do throws(VaultFizzle) {
            let raft = try await Raft(accounts: accounts, unlocked: unlocked, clock: PreviewClock())
            let scene = await AuthenticatorScene(raft, id: previewScene)
            if let sheet { scene.present(sheet) }
            self.scene = scene
        } catch {
            failure = error.message
        }
    }
}

extension Account {
    /// Accounts for previews, on RFC 6238's published test key (no one's secret).
    static let samples: [Account] = {
        let key = Secret(bytes: Array("12345678901234567890".utf8))
        var accounts = [
            Account(issuer: "GitHub", name: "ada@example.com", secret: key, groups: ["work"]),
            Account(issuer: "Example Bank", name: "ada", secret: key, groups: ["personal"]),
            Account(issuer: "", name: "ada@mail.example", secret: key)
        ]
        if let counter = try? OTPParameters(kind: .hotp, counter: 7) {
            accounts.append(Account(issuer: "VPN", name: "ada", secret: key, parameters: counter))
        }
        return accounts
    }()
}

/// The device's clock, so that preview codes and countdowns move.
struct PreviewClock: TimeSource {
    func now() -> Date { Date() }
}

/// The scene id of every preview.
let previewScene = "preview"
