import CountriesApp
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelTimeline
import KeelSwiftUI
import SwiftUI

/// The root of one scene (a window): its navigation stack bound to the
/// scene's routing, its activity mapped to the system-event usecase (the
/// content is blurred and hidden while the scene is inactive, as in article
/// 000's app), and the links it opens.
///
/// It makes no view model: the window's ``CountriesScene`` made them all,
/// once, with the scene's id, and this view hands them down.
struct RootView: View {
    let scene: CountriesScene
    /// The timeline's viewer of a debug build, shown from the toolbar.
    let timelineViewer: TimelineViewModel?
    @Bindable private var model: RootViewModel
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.locale) private var locale

    init(scene: CountriesScene, timelineViewer: TimelineViewModel? = nil) {
        self.scene = scene
        self.timelineViewer = timelineViewer
        model = scene.root
    }

    var body: some View {
        NavigationStack(path: $model.path) {
            CountryListScreen(scene: scene)
                // snippet.timelineButton
                .toolbar {
                    #if DEBUG
                    if let timelineViewer {
                        TimelineButton(model: timelineViewer)
                    }
                    #endif
                }
                // snippet.end
                .navigationDestination(for: String.self) { code in
                    // Built again at every pass: the scene hands back the
                    // same view model while `code` is on the stack.
                    CountryDetailsScreen(model: scene.details(of: code))
                }
        }
        .blur(radius: model.isContentHidden ? 24 : 0)
        .overlay {
            if model.isContentHidden {
                HiddenContentView()
            }
        }
        .onChange(of: scenePhase, initial: true) { _, phase in
            model.send(.sceneActivity(isActive: phase == .active))
        }
        .onChange(of: locale, initial: true) { _, locale in
            // Country names follow the app's language until the settings choose one.
            scene.readerLanguage = .reading(locale.identifier)
        }
        .onOpenURL { url in
            model.send(.openLink(url.absoluteString))
        }
        .alert("This link cannot be opened", isPresented: linkMessageShown) {
            Button("OK", role: .cancel) { model.send(.dismissLinkMessage) }
        } message: {
            Text(model.linkMessage ?? "")
        }
    }

    /// Whether the message about a link that could not be opened is shown;
    /// dismissing the alert dismisses the message.
    private var linkMessageShown: Binding<Bool> {
        Binding(
            get: { model.linkMessage != nil },
            set: { isShown in
                if !isShown { model.send(.dismissLinkMessage) }
            })
    }
}

/// What covers an inactive scene (a show: no state).
struct HiddenContentView: View {
    var body: some View {
        Label("Countries", systemImage: "globe")
            .font(.largeTitle)
            .foregroundStyle(.secondary)
            .accessibilityLabel("Content hidden while the app is inactive")
    }
}

#if DEBUG
#Preview("Root") {
    RaftPreview { scene in
        RootView(scene: scene)
    }
}

#Preview("Root, inactive") {
    RaftPreview(isSceneInactive: true) { scene in
        RootView(scene: scene)
    }
}

#Preview("Hidden content") {
    HiddenContentView()
}
#endif
