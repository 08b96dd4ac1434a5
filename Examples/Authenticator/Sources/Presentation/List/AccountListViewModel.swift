import AuthenticatorDomain
import Foundation
import Keel
import Observation

/// The account list: every account with its code and countdown, searchable,
/// filtered by tag or favourites, sorted as the settings say.
///
/// Shared state: ``searchText`` and ``filter`` (bind a search field and a
/// picker to them). Own state changes only through ``send(_:)``.
///
/// Time: the host sends ``Action/tick(_:)`` once a second. A tick moves
/// ``clock``, which only countdowns read; the ``rows`` change, and codes are
/// made again, only when a period ends — and then only for the accounts of
/// that period. A row whose text did not change compares equal.
@MainActor
@Observable
public final class AccountListViewModel: ViewModel {
    /// What the list screen can ask for (`Codable`: the timeline records it,
    /// ticks aside, and a replay sends it again).
    public enum Event: Codable, Sendable, Equatable {
        /// Search for `text` (what typing in the search field does).
        case search(String)
        /// Show only some accounts.
        case filter(AccountFilter)
        /// The time is now `moment` (device time): sent once a second.
        case tick(Date)
        /// Copy the code of an account (for a counter-based one, generate the next code).
        case copy(AccountID)
        /// Mark an account as a favourite, or not.
        case favourite(AccountID, Bool)
        /// Delete an account (undo brings it back).
        case delete(AccountID)
        /// Bring back the account deleted last.
        case undoDelete
        /// Arrange the custom order: these accounts first, in this order.
        case reorder([AccountID])
        /// Show a sheet, or hide it with `nil`.
        case present(AppState.Sheet?)
        /// Lock the vault.
        case lock
        /// Hide the message.
        case dismissMessage
        /// Take a notice off every screen, once read.
        case dismissNotice(VaultNotice)
    }

    /// A code copied: the host puts ``text`` on the pasteboard when it changes.
    public struct CopiedCode: Equatable, Sendable {
        /// The account whose code it is.
        public let id: AccountID
        /// The code, as typed (no space).
        public let text: String
        /// Counts copies, so that copying the same code twice is two events.
        public let serial: Int
    }

    /// The search field's text.
    public var searchText = ""
    /// Which accounts to show besides the search.
    public var filter = AccountFilter.all

    /// Where each period is: what countdowns draw. Moves on every tick.
    public private(set) var clock: CodeClock
    /// The last code copied, for the host to put on the pasteboard.
    public private(set) var copied: CopiedCode?
    /// What ``message`` says once a code is copied: true where the host put it
    /// on the pasteboard, not where it could not (a web page without script).
    public static let copiedMessage: LocalizedText = "Copied the code."
    /// A message to show: an error, or what was just done.
    public private(set) var message: LocalizedText?
    /// Whether an account was deleted and can be brought back.
    public private(set) var canUndo = false
    /// The time step of each period in use: changes only when a period ends.
    private(set) var steps: [Int: Int64] = [:]
    /// The codes generated for counter-based accounts, shown until the vault locks.
    private(set) var revealed: [AccountID: String] = [:]

    private let appState: Store<AppState>
    private let scene: String
    private let copyCode: CopyCodeUsecase
    private let favouriteAccount: FavouriteAccountUsecase
    private let deleteAccount: DeleteAccountUsecase
    private let undoDelete: UndoDeleteUsecase
    private let reorderAccounts: ReorderAccountsUsecase
    private let presentSheet: PresentSheetUsecase
    private let lockVault: LockVaultUsecase
    private let dismissNotice: DismissNoticeUsecase
    @ObservationIgnored private let builder: AccountRowBuilder
    @ObservationIgnored private var moment: Date
    @ObservationIgnored private var copies = 0
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the list of `scene` from the container, its rows built by
    /// `rows` when given (lists sharing one hold their rows once), else by its own.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving, scene: String, rows: AccountRowBuilder? = nil) {
        appState = service.appState
        self.scene = scene
        copyCode = service.copyCodeAction
        favouriteAccount = service.favouriteAccountAction
        deleteAccount = service.deleteAccountAction
        undoDelete = service.undoDeleteAction
        reorderAccounts = service.reorderAccountsAction
        presentSheet = service.presentSheetAction
        lockVault = service.lockVaultAction
        dismissNotice = service.dismissNoticeAction
        builder = rows ?? AccountRowBuilder(makeCode: service.makeCodeAction)
        let now = service.clock.now()
        moment = now
        clock = CodeClock(moment: now, offset: service.appState.read { $0.settings.timeOffset })
        steps = currentSteps()
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        // In the store's timeline, when it keeps one; a tick a second would bury the rest.
        if event.isRecorded { appState.record(event, from: "Account list in \(scene)") }
        switch event {
        case .search(let text):
            searchText = text
        case .filter(let filter):
            self.filter = filter
        case .tick(let moment):
            tick(at: moment)
        case .copy(let id):
            run { [copyCode] () async throws(VaultFizzle) in try await copyCode(id) } then: { model, code in
                model.copies += 1
                model.copied = CopiedCode(id: id, text: code.text, serial: model.copies)
                if code.expiry == nil { model.revealed[id] = code.grouped }
                model.message = Self.copiedMessage
            }
        case .favourite(let id, let isFavourite):
            run { [favouriteAccount] () async throws(VaultFizzle) in try await favouriteAccount(id, isFavourite) } then: { _, _ in }
        case .delete(let id):
            let label = appState.read { $0.accounts }.value?.first { $0.id == id }?.account.label ?? "The account"
            run { [deleteAccount] () async throws(VaultFizzle) in try await deleteAccount(id) } then: { model, _ in
                model.canUndo = true
                model.revealed[id] = nil
                model.message = "Deleted \(label)."
            }
        case .undoDelete:
            run { [undoDelete] () async throws(VaultFizzle) in try await undoDelete() } then: { model, saved in
                model.message = "Brought back \(saved.account.label)."
                model.canUndo = false
            }
        case .reorder(let ids):
            run { [reorderAccounts] () async throws(VaultFizzle) in try await reorderAccounts(ids) } then: { _, _ in }
        case .present(let sheet):
            presentSheet(scene, sheet)
        case .lock:
            tasks.run("lock") { [lockVault] in await lockVault() }
        case .dismissMessage:
            message = nil
        case .dismissNotice(let notice):
            dismissNotice(notice)
        }
    }

    /// Runs a usecase, then `done` with its result on the main actor; a
    /// failure becomes the ``message``. Runs do not replace each other
    /// (two copies both run).
    private func run<Value: Sendable>(
        _ work: @escaping @Sendable () async throws(VaultFizzle) -> Value,
        then done: @escaping @MainActor (AccountListViewModel, Value) -> Void
    ) {
        tasks.run { @MainActor [weak self] in
            do throws(VaultFizzle) {
                let value = try await work()
                guard let self else { return }
                done(self, value)
            } catch {
                self?.message = error.message
            }
        }
    }

    private func tick(at moment: Date) {
        self.moment = moment
        let clock = CodeClock(moment: moment, offset: appState.read { $0.settings.timeOffset })
        if clock != self.clock { self.clock = clock }
        let steps = currentSteps()
        if steps != self.steps { self.steps = steps }
    }

    /// The time step of each period the accounts use, at ``clock``.
    private func currentSteps() -> [Int: Int64] {
        var steps: [Int: Int64] = [:]
        for period in periodsInUse() { steps[period] = clock.step(of: period) }
        return steps
    }

    /// The periods of the time-based accounts, worked out again only when the
    /// accounts change (by the builder, once for every list sharing it): a
    /// tick, or a new web tab, must not cost a walk through every account.
    private func periodsInUse() -> Set<Int> {
        builder.periods(of: appState.read { $0.accounts }.value ?? [])
    }

    // MARK: What the screen shows

    /// The rows to show, in order.
    public var rows: [AccountRow] {
        let inputs = AccountRowBuilder.Inputs(
            accounts: appState.read { $0.accounts }.value ?? [],
            settings: appState.read { $0.settings },
            search: searchText, filter: filter, steps: steps, revealed: revealed)
        if let shown, shown.inputs == inputs { return shown.rows }
        let rows = builder.rows(for: inputs, at: moment)
        shown = (inputs, rows)
        return rows
    }

    /// The last rows and what they were built from: the screen reads ``rows`` many times between changes.
    @ObservationIgnored private var shown: (inputs: AccountRowBuilder.Inputs, rows: [AccountRow])?

    /// How many codes the list's builder has made so far (for every list
    /// sharing it): for tests and benchmarks that show a tick makes none.
    public var codesMade: Int { builder.codesMade }

    /// The seconds left before the code of `row` changes; `nil` for counter-based codes.
    public func secondsLeft(for row: AccountRow) -> Int? {
        row.period.map { clock.secondsLeft(in: $0) }
    }

    /// Every tag in use, sorted, for the filter picker; worked out again only
    /// when the accounts change (by the builder, once for every list sharing it).
    public var tags: [String] {
        builder.tags(of: appState.read { $0.accounts }.value ?? [])
    }

    /// Whether the rows can be dragged into a new order: only the custom
    /// order, without search or filter.
    public var canReorder: Bool {
        appState.read { $0.settings.sortOrder } == .custom && filter == .all
            && AccountSearch.folded(searchText).isEmpty
    }

    /// Whether the accounts are still being read.
    public var isLoading: Bool {
        appState.read { $0.accounts }.isLoading
    }

    /// The message to show when there is no row, if there is none.
    public var emptyMessage: LocalizedText? {
        guard rows.isEmpty, !isLoading else { return nil }
        if let error = appState.read({ $0.accounts }).error { return error.message }
        if !AccountSearch.folded(searchText).isEmpty { return "No account matches “\(searchText)”." }
        switch filter {
        case .all: return "No accounts yet. Add one from the code a service shows, or import them."
        case .favourites: return "No favourites yet."
        case .tag(let tag): return "No account is tagged “\(tag)”."
        }
    }

    /// What opening the vault's files found (a damaged file set aside, a
    /// folder others could read): shown above the list until its reader
    /// dismisses it (``Event/dismissNotice(_:)``).
    public var notices: [VaultNotice] {
        appState.read { $0.system.notices }
    }

    /// What the screen shows above the list while it holds, and never hides by
    /// itself: a failed automatic backup.
    public var warnings: [LocalizedText] {
        [appState.read { $0.backup.status }.warning].compactMap { $0 }
    }

    /// The sheet shown in this scene, if any.
    public var sheet: AppState.Sheet? {
        appState.read { $0.routing[scene].sheet }
    }
}

extension AccountListViewModel.Event {
    /// Whether the timeline records the event: not a tick.
    fileprivate var isRecorded: Bool {
        if case .tick = self { false } else { true }
    }
}
