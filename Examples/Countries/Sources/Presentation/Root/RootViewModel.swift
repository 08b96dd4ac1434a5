import CountriesDomain
import Keel
import Observation

/// The root of one scene (a window, a browser tab): navigation as state,
/// deep links, and hiding the content while the scene is inactive.
@MainActor
@Observable
public final class RootViewModel: ViewModel {
    /// What the root of a scene can ask for (`Codable`: the timeline records
    /// it, and a replay sends it again).
    public enum Event: Codable, Sendable, Equatable {
        /// The scene became active (shown) or inactive (hidden).
        case sceneActivity(isActive: Bool)
        /// Open a deep link.
        case openLink(String)
        /// Show this stack of details screens (a navigation stack's binding).
        case navigate([String])
        /// Dismiss the message about a link that could not be opened.
        case dismissLinkMessage
        /// The scene closed: the app forgets its routing and activity.
        case closed
    }

    /// The scene's identity.
    public let scene: String
    /// Why the last link could not be opened, if it could not.
    public private(set) var linkMessage: LocalizedText?
    /// Where the last link that opened led.
    public private(set) var openedLink: DeepLink?

    private let appState: Store<AppState>
    private let openLink: OpenLinkUsecase
    private let navigate: NavigateUsecase
    private let sceneActivity: SceneActivityUsecase
    private let closeScene: CloseSceneUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the root view model of the scene `scene`. `package`: a
    /// ``CountriesScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving, scene: String) {
        self.scene = scene
        appState = service.appState
        openLink = service.openLinkAction
        navigate = service.navigateAction
        sceneActivity = service.sceneActivityAction
        closeScene = service.closeSceneAction
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        appState.record(event, from: "Root in \(scene)") // in the store's timeline, when it keeps one
        switch event {
        case .sceneActivity(let isActive):
            sceneActivity(scene, isActive)
        case .openLink(let text):
            tasks.run("link") { @MainActor [weak self] in await self?.follow(link: text) }
        case .navigate(let path):
            navigate(scene, path)
        case .dismissLinkMessage:
            linkMessage = nil
        case .closed:
            tasks.cancelAll()
            closeScene(scene)
        }
    }

    /// Opens a deep link and returns where it led, or `nil` with ``linkMessage``
    /// set: ``Event/openLink(_:)`` for a caller that awaits where it led.
    @discardableResult
    public func open(link text: String) async -> DeepLink? {
        appState.record(Event.openLink(text), from: "Root in \(scene)")
        return await follow(link: text)
    }

    @discardableResult
    private func follow(link text: String) async -> DeepLink? {
        do {
            let link = try await openLink(scene, text)
            openedLink = link
            linkMessage = nil
            return link
        } catch {
            linkMessage = error.message
            return nil
        }
    }

    /// The scene's stack of open details screens, for a navigation stack to bind to.
    public var path: [String] {
        get { appState.read { $0.routing[scene].path } ?? [] }
        set { send(.navigate(newValue)) }
    }

    /// Whether the scene's content is hidden because the scene is inactive.
    public var isContentHidden: Bool {
        appState.read { $0.system.inactiveScenes }.contains(scene)
    }
}
