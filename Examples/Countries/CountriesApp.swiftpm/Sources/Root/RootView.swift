import CountriesApp
import CountriesDomain
import CountriesPresentation
import Foundation
import SwiftUI

/// The root of one scene (a window): its navigation stack bound to the
/// scene's routing, its activity mapped to the system-event usecase (the
/// content is blurred and hidden while the scene is inactive, as in article
/// 000's app), and the links it opens.
struct RootView: View {
    @State private var model: RootViewModel
    @Environment(\.scenePhase) private var scenePhase
    private let service: any Serving

    /// Creates the root of a scene; each window gets a new scene id.
    init(service: any Serving, scene: String = UUID().uuidString) {
        self.service = service
        _model = State(wrappedValue: RootViewModel(service, scene: scene))
    }

    var body: some View {
        NavigationStack(path: $model.path) {
            CountryListScreen(service: service)
                .navigationDestination(for: String.self) { code in
                    CountryDetailsScreen(service: service, code: code, scene: model.scene)
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
        .onOpenURL { url in
            model.send(.openLink(url.absoluteString))
        }
        .alert("This link cannot be opened", isPresented: linkMessageShown) {
            Button("OK", role: .cancel) { model.send(.dismissLinkMessage) }
        } message: {
            Text(model.linkMessage ?? "")
        }
        .onDisappear { model.send(.closed) }
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

#Preview("Root") {
    RaftPreview { raft in
        RootView(service: raft, scene: "preview")
    }
}

#Preview("Root, inactive") {
    RaftPreview(inactiveScene: "preview") { raft in
        RootView(service: raft, scene: "preview")
    }
}

#Preview("Hidden content") {
    HiddenContentView()
}
