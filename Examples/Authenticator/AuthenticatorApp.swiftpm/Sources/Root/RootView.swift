import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelTimeline
import KeelSwiftUI
import SwiftUI

/// The root of one scene (a window): the unlock (or create) screen while the
/// vault is closed, the account list once it is open. Going to the
/// background locks the vault unless auto-lock is set to never.
///
/// It reads one slice of the shared state (the lock) and makes no view
/// model: the window's ``AuthenticatorScene`` made them, with the scene's id,
/// and this view hands them down.
struct RootView: View {
    let scene: AuthenticatorScene
    /// The timeline's viewer of a debug build, shown from the list's toolbar.
    var timelineViewer: TimelineViewModel?
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        content
            .onChange(of: scenePhase) { _, phase in
                guard phase == .background, scene.service.appState.read({ $0.settings.autoLockMinutes }) != 0 else { return }
                Task { await scene.service.lockVaultAction() }
            }
    }

    @ViewBuilder private var content: some View {
        if scene.isUnlocked {
            NavigationStack {
                AccountListScreen(scene: scene)
                    .toolbar {
                        #if DEBUG
                        if let timelineViewer {
                            TimelineButton(model: timelineViewer)
                        }
                        #endif
                    }
            }
        } else {
            UnlockScreen(model: scene.unlock)
        }
    }
}

#if DEBUG
#Preview("Root, locked") {
    RaftPreview(unlocked: false) { scene in
        RootView(scene: scene)
    }
}

#Preview("Root, unlocked") {
    RaftPreview { scene in
        RootView(scene: scene)
    }
}
#endif
