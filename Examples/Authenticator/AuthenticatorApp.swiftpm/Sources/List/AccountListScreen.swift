import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import KeelSwiftUI
import SwiftUI

/// The account list: every account with its code and countdown, searchable,
/// filtered by tag or favourites; copy, favourite, edit, delete (with undo)
/// and reorder; the menu opens the scene's sheets, which live in the shared
/// state (`AppState.routing`), so that links and other scenes only set state.
///
/// Time: a `TimelineView` ticks once a second, on the whole seconds of
/// ``CodeTicks`` (a fixed start: a schedule made from `.now` would be a new
/// one at every pass of this `body`), and sends the moment to the view model.
/// A tick moves only the countdowns: the view model makes codes again only
/// when a period ends, so nothing is recomputed within one.
///
/// A screen (article 001) with its one view model, which the scene made
/// (``AuthenticatorScene/list()``): this view is made again at every pass of
/// its parent, the view model is not. It hands plain values and closures to
/// stateless components.
struct AccountListScreen: View {
    let scene: AuthenticatorScene
    @Bindable private var model: AccountListViewModel

    init(scene: AuthenticatorScene) {
        self.scene = scene
        model = scene.list()
    }

    var body: some View {
        TimelineView(.periodic(from: CodeTicks.start, by: CodeTicks.interval)) { context in
            list
                .onChange(of: context.date, initial: true) { _, date in
                    model.send(.tick(date))
                }
        }
        .navigationTitle("Codes")
        .searchable(text: $model.searchText, prompt: "Service, account or tag")
        .toolbar {
            AccountListMenu(
                filter: $model.filter, tags: model.tags,
                present: { model.send(.present($0)) })
            Button {
                model.send(.lock)
            } label: {
                Image(systemName: "lock")
            }
            .accessibilityLabel("Lock the vault")
        }
        .sheet(item: presentedSheet) { presented in
            SheetScreen(scene: scene, sheet: presented.sheet)
        }
        .onChange(of: model.copied) { _, copied in
            if let copied { CodePasteboard.copy(copied.text) }
        }
    }

    private var list: some View {
        List {
            // A failed backup: shown while it holds.
            ForEach(model.warnings, id: \.self) { warning in
                Label {
                    Text(warning)
                } icon: {
                    Image(systemName: "exclamationmark.triangle")
                }
            }
            // A damaged vault set aside, a folder tightened: shown until read and closed.
            ForEach(model.notices, id: \.self) { notice in
                HStack(alignment: .firstTextBaseline) {
                    Label {
                        Text(notice.message)
                    } icon: {
                        Image(systemName: "info.circle")
                    }
                    Button("Close") { model.send(.dismissNotice(notice)) }
                }
            }
            if let message = model.message {
                MessageBar(
                    message: message.resolved(bundle: AuthenticatorStrings.bundle), canUndo: model.canUndo,
                    undo: { model.send(.undoDelete) },
                    dismiss: { model.send(.dismissMessage) })
            }
            ForEach(model.rows) { row in
                CodeRowView(
                    row: row, secondsLeft: model.secondsLeft(for: row),
                    fractionLeft: row.period.map { model.clock.fractionLeft(in: $0) },
                    copy: { model.send(.copy(row.id)) })
                    .swipeActions {
                        Button(role: .destructive) {
                            model.send(.delete(row.id))
                        } label: {
                            Label("Delete", systemImage: "trash")
                        }
                        Button {
                            model.send(.present(.editAccount(row.id)))
                        } label: {
                            Label("Edit", systemImage: "pencil")
                        }
                    }
                    .swipeActions(edge: .leading) {
                        Button {
                            model.send(.favourite(row.id, !row.isFavourite))
                        } label: {
                            // Two literals, not a conditional: a String is not looked up in the catalog.
                            if row.isFavourite {
                                Label("Not a favourite", systemImage: "star")
                            } else {
                                Label("Favourite", systemImage: "star")
                            }
                        }
                    }
            }
            .onMove(perform: move)
        }
        .overlay {
            if model.isLoading {
                ProgressView("Reading the vault…")
            } else if let message = model.emptyMessage {
                ContentUnavailableView {
                    Label("No codes", systemImage: "key")
                } description: {
                    Text(message, bundle: AuthenticatorStrings.bundle)
                } actions: {
                    Button("Add an account") { model.send(.present(.addAccount)) }
                }
            }
        }
    }

    /// The scene's sheet, as the item `sheet(item:)` presents; dismissing
    /// the sheet hides it in the shared state, through the scene, which lets
    /// go of the sheet's view model.
    private var presentedSheet: Binding<PresentedSheet?> {
        Binding(
            get: { scene.sheet.map(PresentedSheet.init) },
            set: { presented in
                if presented == nil { scene.dismissSheet() }
            })
    }

    /// Moves rows in the custom order: offered only when
    /// ``AccountListViewModel/canReorder`` (`nil` turns moving off).
    private var move: ((IndexSet, Int) -> Void)? {
        guard model.canReorder else { return nil }
        return { offsets, destination in
            model.send(.reorder(Self.moved(model.rows.map(\.id), from: offsets, to: destination)))
        }
    }

    /// `ids` with the elements at `offsets` moved before `destination`, as
    /// `onMove` describes a drag.
    static func moved(_ ids: [AccountID], from offsets: IndexSet, to destination: Int) -> [AccountID] {
        let moving = offsets.filter { ids.indices.contains($0) }.map { ids[$0] }
        var kept: [AccountID] = []
        var insertion = 0
        for (index, id) in ids.enumerated() where !offsets.contains(index) {
            if index < destination { insertion += 1 }
            kept.append(id)
        }
        kept.insert(contentsOf: moving, at: insertion)
        return kept
    }
}

/// A sheet of the shared routing, identified by itself for `sheet(item:)`.
struct PresentedSheet: Identifiable, Equatable {
    let sheet: AppState.Sheet
    var id: AppState.Sheet { sheet }
}

/// The list's menu: what to show (all, favourites, a tag), and the sheets
/// to open (a show: a binding, values and a closure in).
struct AccountListMenu: View {
    @Binding var filter: AccountFilter
    let tags: [String]
    let present: (AppState.Sheet) -> Void

    var body: some View {
        Menu {
            Picker("Show", selection: $filter) {
                Label("All accounts", systemImage: "list.bullet").tag(AccountFilter.all)
                Label("Favourites", systemImage: "star").tag(AccountFilter.favourites)
                ForEach(tags, id: \.self) { tag in
                    Label(tag, systemImage: "tag").tag(AccountFilter.tag(tag))
                }
            }
            Button("Add an account", systemImage: "plus") { present(.addAccount) }
            Button("Import", systemImage: "square.and.arrow.down") { present(.importAccounts) }
            Button("Export", systemImage: "square.and.arrow.up") { present(.export) }
            Button("Settings", systemImage: "gearshape") { present(.settings) }
        } label: {
            Image(systemName: "ellipsis.circle")
        }
        .accessibilityLabel("Accounts menu")
    }
}

/// The screen of a sheet of the shared routing. A screen with a view model
/// takes it from the scene, which keeps it while the sheet is shown.
struct SheetScreen: View {
    let scene: AuthenticatorScene
    let sheet: AppState.Sheet

    var body: some View {
        switch sheet {
        case .addAccount:
            AddAccountScreen(scene: scene)
        case .editAccount(let id):
            if let saved = scene.service.appState.read({ $0.accounts }).value?.first(where: { $0.id == id }) {
                EditAccountScreen(scene: scene, saved: saved)
            } else {
                MissingAccountView { scene.dismissSheet() }
            }
        case .importAccounts:
            ImportScreen(scene: scene)
        case .export:
            ExportScreen(scene: scene)
        case .settings:
            SettingsScreen(scene: scene)
        case .changePassphrase:
            ChangePassphraseScreen(scene: scene)
        }
    }
}

#if DEBUG
#Preview("List") {
    RaftPreview { scene in
        NavigationStack {
            AccountListScreen(scene: scene)
        }
    }
}

#Preview("List, empty") {
    RaftPreview(accounts: []) { scene in
        NavigationStack {
            AccountListScreen(scene: scene)
        }
    }
}

#Preview("Menu") {
    NavigationStack {
        Text("Codes")
            .toolbar {
                AccountListMenu(filter: .constant(.all), tags: ["personal", "work"], present: { _ in })
            }
    }
}
#endif
