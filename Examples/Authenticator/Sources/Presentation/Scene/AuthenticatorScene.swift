import AuthenticatorDomain
import Foundation
import Keel
import Observation

/// One scene of the app (a window): its id and the view models of its
/// screens, each made once, by this scene, and kept for as long as its
/// screen is shown.
///
/// SwiftUI makes a view's struct again at every pass of its parent's `body`,
/// and runs a `@State` initializer each time, keeping only the first value
/// (Apple: `State` "always instantiates its default value when SwiftUI
/// instantiates the view"). A view model made there is made again at every
/// pass — the account list makes a code for every account when it is made —
/// then thrown away. So no view makes a view model:
///
/// - the view models' initializers are `package`: the SwiftUI app, another
///   package, cannot call them; this scene makes them, with its ``id``;
/// - this scene's initializer is `async`, so that a `@State` initializer
///   (which cannot await) cannot make it either: a window makes its scene
///   once, in `.task`, holds it in `@State`, and hands the view models down.
///
/// The id is made here, once: every view model of the scene, and every sheet
/// the scene opens or closes, uses it, so no view makes a scene id of its own
/// (one made in a view's `let` is new at every pass, and closes another
/// scene's sheet).
///
/// Lifetimes follow the screens: ``unlock`` lives with the scene; the
/// ``list()`` while the vault is open (what it showed, a counter's code,
/// goes when the vault locks); a sheet's view model while its sheet is shown
/// (what it held, a typed password or an export's bytes, goes when the sheet
/// closes, however it closes).
///
/// The web front-end holds one scene per browser tab, made by the
/// synchronous ``init(service:id:rows:)`` (a tab's session is made where
/// nothing can await); a page of the tab is the scene's sheet.
@MainActor
@Observable
public final class AuthenticatorScene {
    /// The scene's id in the app state (its sheet).
    public let id: String
    /// The container, for what a view state applies (settings, the account forms).
    public let service: any Serving
    /// Create or unlock.
    public let unlock: UnlockViewModel

    /// The account list, while the vault is open. Not observed: a view's
    /// `body` makes it, and must not invalidate itself doing so.
    @ObservationIgnored private var listModel: AccountListViewModel? {
        didSet { if listModel == nil, oldValue != nil { letGo += 1 } }
    }
    /// The view model of the sheet shown, and the sheet it was made for.
    @ObservationIgnored private var sheetModel: (sheet: AppState.Sheet, model: AnyObject)? {
        didSet { if sheetModel == nil, oldValue != nil { letGo += 1 } }
    }
    /// How many times the scene let go of a view model (the list or a
    /// sheet's), observed: a test waits on it, without polling, for what the
    /// scene follows (the lock, the sheet) to reach it.
    private(set) var letGo = 0
    @ObservationIgnored private let tasks = OwnedTasks()
    /// What builds the list's rows, if shared with other scenes' lists.
    @ObservationIgnored private let rows: AccountRowBuilder?

    /// Makes the scene `id` (a new id by default) and its screens' view models.
    ///
    /// `async` on purpose, though it awaits nothing: see the type's
    /// documentation.
    public convenience init(_ service: any Serving, id: String = UUID().uuidString) async {
        self.init(service: service, id: id)
    }

    /// Makes the scene `id`, its list's rows built by `rows` when given (the
    /// web's tabs share one, so that 500 tabs hold one set of rows), for a
    /// front-end that holds its scenes where nothing awaits (the web's tabs).
    /// `package`: a SwiftUI view cannot call it.
    package init(service: any Serving, id: String, rows: AccountRowBuilder? = nil) {
        self.id = id
        self.service = service
        self.rows = rows
        unlock = UnlockViewModel(service)
        follow()
    }

    /// Whether the vault is open: the list shows; otherwise the unlock screen.
    public var isUnlocked: Bool {
        service.appState.read { $0.lock }.isUnlocked
    }

    /// The sheet shown in this scene, if any.
    public var sheet: AppState.Sheet? {
        service.appState.read { $0.routing[id].sheet }
    }

    /// The account list: made the first time it is asked for while the vault
    /// is open, the same one at every ask after, let go when the vault locks.
    public func list() -> AccountListViewModel {
        if let listModel { return listModel }
        let made = AccountListViewModel(service, scene: id, rows: rows)
        listModel = made
        return made
    }

    /// The view model adding an account from a link, while the add sheet is shown.
    public func linkAdder() -> AccountLinkViewModel {
        model(for: .addAccount) { AccountLinkViewModel(service, scene: id) }
    }

    /// The import's view model, while the import sheet is shown.
    public func importer() -> ImportViewModel {
        model(for: .importAccounts) { ImportViewModel(service) }
    }

    /// The export's view model, while the export sheet is shown.
    public func exporter() -> ExportViewModel {
        model(for: .export) { ExportViewModel(service) }
    }

    /// The change of passphrase's view model, while its sheet is shown.
    public func passphrase() -> ChangePassphraseViewModel {
        model(for: .changePassphrase) { ChangePassphraseViewModel(service, scene: id) }
    }

    /// Shows `sheet` in this scene, or hides the sheet shown with `nil`.
    public func present(_ sheet: AppState.Sheet?) {
        service.appState.record(sheet, from: "Scene in \(id)") // in the store's timeline, when it keeps one
        service.presentSheetAction(id, sheet)
        forgetClosedSheet()
    }

    /// Hides the sheet shown in this scene.
    public func dismissSheet() {
        present(nil)
    }

    /// Lets go of the list and the sheet's view model, as the vault's lock
    /// does, for a front-end that locks some of its scenes while the vault
    /// stays open (a browser's tabs): nothing they showed outlives the lock.
    package func lockScreens() {
        listModel = nil
        sheetModel = nil
    }

    /// The scene closed: the app forgets it, and its view models go.
    public func close() {
        tasks.cancelAll()
        service.closeSceneAction(id)
        listModel = nil
        sheetModel = nil
    }

    /// The view model made for `sheet`, made now if the one kept is for
    /// another sheet (or none is).
    private func model<Model: AnyObject>(for sheet: AppState.Sheet, make: () -> Model) -> Model {
        if let sheetModel, sheetModel.sheet == sheet, let model = sheetModel.model as? Model { return model }
        let made = make()
        sheetModel = (sheet, made)
        return made
    }

    /// Follows the scene's sheet and the lock, to let go of what they no
    /// longer show, whoever changed them (a view model, another scene, the
    /// auto-lock).
    private func follow() {
        let appState = service.appState
        let id = id
        tasks.run("sheet") { @MainActor [weak self] in
            for await _ in appState.values({ $0.routing[id].sheet }) {
                guard let self else { return }
                forgetClosedSheet()
            }
        }
        tasks.run("lock") { @MainActor [weak self] in
            for await _ in appState.values({ $0.lock }) {
                guard let self else { return }
                if !isUnlocked {
                    listModel = nil
                    sheetModel = nil
                }
            }
        }
    }

    /// Lets go of the sheet's view model unless its sheet is still shown
    /// (read now: a change seen late must not drop a sheet opened again).
    private func forgetClosedSheet() {
        if let sheetModel, sheetModel.sheet != sheet { self.sheetModel = nil }
    }
}
