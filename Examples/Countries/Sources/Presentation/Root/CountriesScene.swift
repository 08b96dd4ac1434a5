import CountriesDomain
import Foundation
import Keel

/// One scene of the app (a window): its id and the view models of its
/// screens, each made once and kept for as long as the scene needs it.
///
/// SwiftUI makes a view's struct again at every pass of its parent's `body`,
/// and runs a `@State` initializer each time, keeping only the first value
/// (Apple: `State` "always instantiates its default value when SwiftUI
/// instantiates the view"). A view model made there is made again at every
/// pass, with its child and its tasks, then thrown away. So no view makes a
/// view model:
///
/// - the view models' initializers are `package`: the SwiftUI app, another
///   package, cannot call them; this scene makes them, with its ``id``;
/// - this scene's initializer is `async`, so that a `@State` initializer
///   (which cannot await) cannot make it either: a window makes its scene
///   once, in `.task`, holds it in `@State`, and hands the view models down.
///
/// The id is made here, once, and every view model of the scene gets it from
/// here: no view makes a scene id of its own.
///
/// The web front-end holds one scene per browser tab, made by the
/// synchronous ``init(service:id:)`` (a tab's session is made where nothing
/// can await).
@MainActor
public final class CountriesScene {
    /// The scene's id in the app state (its routing, its activity).
    public let id: String
    /// The root: navigation as state, deep links, activity.
    public let root: RootViewModel
    /// The list screen, made the first time it is asked for: a web tab
    /// opened on a details page (a shared link) may never show it, and a list
    /// follows the app state from the moment it is made.
    public var list: CountryListViewModel {
        if let listIfMade { return listIfMade }
        let made = CountryListViewModel(service, scene: id)
        made.readerLanguage = readerLanguage
        listIfMade = made
        return made
    }
    /// The list screen, if the scene made it.
    package private(set) var listIfMade: CountryListViewModel?
    /// The container, for what a view state applies (the settings form).
    public let service: any Serving
    /// The language the scene is read in (its interface's): country names
    /// are shown in it until the settings choose a language for them.
    public var readerLanguage: NameLanguage {
        didSet {
            guard readerLanguage != oldValue else { return }
            listIfMade?.readerLanguage = readerLanguage
            for model in details.values { model.readerLanguage = readerLanguage }
        }
    }
    /// The details screens made for the scene's navigation stack, by code.
    private var details: [String: CountryDetailsViewModel] = [:]

    /// Makes the scene `id` (a new id by default) and its screens' view
    /// models, read in `reader` (by default the device's first preferred language).
    ///
    /// `async` on purpose, though it awaits nothing: see the type's
    /// documentation.
    public convenience init(
        _ service: any Serving, id: String = UUID().uuidString,
        reader: NameLanguage = .reading(Locale.preferredLanguages.first ?? "en")
    ) async {
        self.init(service: service, id: id, reader: reader)
    }

    /// Makes the scene `id`, read in `reader`, for a front-end that holds its
    /// scenes where nothing awaits (the web's tabs, which say their reader's
    /// language as each page does). `package`: a SwiftUI view cannot call it.
    package init(service: any Serving, id: String, reader: NameLanguage = .english) {
        self.id = id
        self.service = service
        readerLanguage = reader
        root = RootViewModel(service, scene: id)
        root.send(.sceneActivity(isActive: true))
    }

    /// The details view model of the country `code`, for a screen on the
    /// scene's navigation stack: the same one for as long as `code` stays on
    /// the stack, however often a view asks (a navigation destination is
    /// built again at every pass). Asking lets go of the ones whose code left
    /// the stack, so a country opened again starts afresh.
    ///
    /// A code on the stack twice (a neighbour's neighbour) shares one view
    /// model: both screens show the same country.
    public func details(of code: String) -> CountryDetailsViewModel {
        let code = code.uppercased()
        let path = Set(service.appState.read { $0.routing[id].path } ?? [])
        details = details.filter { path.contains($0.key) || $0.key == code }
        if let existing = details[code] { return existing }
        let made = CountryDetailsViewModel(service, code: code, scene: id)
        made.readerLanguage = readerLanguage
        details[code] = made
        return made
    }

    /// The scene closed: the app forgets its routing and activity, and its
    /// work stops.
    public func close() {
        root.send(.closed)
        listIfMade?.suggestions.stop()
        for model in details.values { model.send(.cancel) }
        details = [:]
    }
}
