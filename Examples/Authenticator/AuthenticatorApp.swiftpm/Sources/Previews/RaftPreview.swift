import AuthenticatorApp
import AuthenticatorDomain
import Foundation
import SwiftUI

/// Builds a ``Raft`` (the container for previews and tests) holding sample
/// accounts, then shows `content` with it: the previews of every screen run
/// on the same usecases as the app, over an in-memory vault.
struct RaftPreview<Content: View>: View {
    private let accounts: [Account]
    private let unlocked: Bool
    private let content: (Raft) -> Content
    @State private var raft: Raft?
    @State private var failure: String?

    /// - Parameters:
    ///   - accounts: What the raft's vault holds; none and `unlocked` false
    ///     gives a first launch (no vault yet).
    ///   - unlocked: Whether the vault is left unlocked.
    ///   - content: The view to preview, given the raft.
    init(
        accounts: [Account] = Account.samples, unlocked: Bool = true,
        @ViewBuilder content: @escaping (Raft) -> Content
    ) {
        self.accounts = accounts
        self.unlocked = unlocked
        self.content = content
    }

    var body: some View {
        if let raft {
            content(raft)
        } else if let failure {
            Text(failure)
        } else {
            ProgressView()
                .task { await launch() }
        }
    }

    private func launch() async {
        do throws(VaultFizzle) {
            raft = try await Raft(accounts: accounts, unlocked: unlocked, clock: PreviewClock())
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
