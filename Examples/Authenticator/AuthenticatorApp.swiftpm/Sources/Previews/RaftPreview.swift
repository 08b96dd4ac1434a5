// Previews only: AuthenticatorTesting (the raft, the sample accounts) is
// compiled into debug builds, which previews use, and never into a release
// build of the app. Every #Preview is behind the same `#if DEBUG`.
#if DEBUG
import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import KeelSwiftUI
import SwiftUI

/// Builds a raft (the app's `Vessel` over an in-memory vault, from
/// AuthenticatorTesting) holding sample accounts and a scene over it (``AuthenticatorScene``, id ``previewScene``),
/// then shows `content` with the scene: the previews of every screen run on
/// the same usecases and view models as the app, over an in-memory vault.
/// Both are made once, by a `LaunchView`, as a window makes its scene.
struct RaftPreview<Content: View>: View {
    private let accounts: [Account]
    private let unlocked: Bool
    private let sheet: AppState.Sheet?
    private let content: (AuthenticatorScene) -> Content

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
        LaunchView("Opening the vault…") { [accounts, unlocked, sheet] in
            let raft = try await Vessel.raft(accounts: accounts, unlocked: unlocked, clock: PreviewClock())
            let scene = await AuthenticatorScene(raft, id: previewScene)
            if let sheet { scene.present(sheet) }
            return scene
        } content: { scene in
            content(scene)
        }
    }
}

/// The device's clock, so that preview codes and countdowns move.
struct PreviewClock: TimeSource {
    func now() -> Date { Date() }
}

/// The scene id of every preview.
let previewScene = "preview"
#endif
