import AuthenticatorDomain
import Foundation
import SwiftUI

/// The root of one scene (a window): the unlock (or create) screen while the
/// vault is closed, the account list once it is open. Going to the
/// background locks the vault unless auto-lock is set to never.
///
/// It reads one slice of the shared state (the lock) and owns no view
/// model: article 004's screen that only shows model data.
struct RootView: View {
    let service: any Serving
    let scene: String
    @Environment(\.scenePhase) private var scenePhase

    /// Creates the root of a scene; each window gets a new scene id.
    init(service: any Serving, scene: String = UUID().uuidString) {
        self.service = service
        self.scene = scene
    }

    var body: some View {
        content
            .onChange(of: scenePhase) { _, phase in
                guard phase == .background, service.appState.read({ $0.settings.autoLockMinutes }) != 0 else { return }
                Task { await service.lockVaultAction() }
            }
            .onDisappear { service.closeSceneAction(scene) }
    }

    @ViewBuilder private var content: some View {
        if service.appState.read({ $0.lock }).isUnlocked {
            NavigationStack {
                AccountListScreen(service: service, scene: scene)
            }
        } else {
            UnlockScreen(service: service)
        }
    }
}

#Preview("Root, locked") {
    RaftPreview(unlocked: false) { raft in
        RootView(service: raft, scene: previewScene)
    }
}

#Preview("Root, unlocked") {
    RaftPreview { raft in
        RootView(service: raft, scene: previewScene)
    }
}
