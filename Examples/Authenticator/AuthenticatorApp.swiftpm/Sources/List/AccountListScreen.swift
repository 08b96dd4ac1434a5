import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import SwiftUI

/// The account list: every account with its code and countdown, searchable,
/// filtered by tag or favourites; copy, favourite, edit, delete (with undo)
/// and reorder; the menu opens the scene's sheets, which live in the shared
/// state (`AppState.routing`), so that links and other scenes only set state.
///
/// Time: a `TimelineView` ticks once a second and sends the moment to the
/// view model. A tick moves only the countdowns: the view model makes codes
/// again only when a period ends, so nothing is recomputed within one.
///
/// A screen (article 001): it owns its one view model and hands plain values
/// and closures to stateless components.
struct AccountListScreen: View {
    @State private var model: AccountListViewModel
    private let service: any Serving
    private let scene: String

    init(service: any Serving, scene: String) {
        self.service = service
        self.scene = scene
        _model = State(wrappedValue: AccountListViewModel(service, scene: scene))
    }

    var body: some View {
        TimelineView(.periodic(from: .now, by: 1)) { context in
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
            SheetScreen(service: service, scene: scene, sheet: presented.sheet)
        }
        .onChange(of: model.copied) { _, copied in
            if let copied { CodePasteboard.copy(copied.text) }
        }
    }

    private var list: some View {
        List {
            // A damaged vault set aside, a folder tightened, a failed backup: never hidden.
            ForEach(model.warnings, id: \.self) { warning in
                Label(warning, systemImage: "exclamationmark.triangle")
            }
            if let message = model.message {
                MessageBar(
                    message: message, canUndo: model.canUndo,
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
                            Label(row.isFavourite ? "Not a favourite" : "Favourite", systemImage: "star")
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
                    Text(message)
                } actions: {
                    Button("Add an account") { model.send(.present(.addAccount)) }
                }
            }
        }
    }

    /// The scene's sheet, as the item `sheet(item:)` presents; dismissing
    /// the sheet hides it in the shared state.
    private var presentedSheet: Binding<PresentedSheet?> {
        Binding(
            get: { model.sheet.map(PresentedSheet.init) },
            set: { presented in
                if presented == nil { model.send(.present(nil)) }
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

/// The screen of a sheet of the shared routing.
struct SheetScreen: View {
    let service: any Serving
    let scene: String
    let sheet: AppState.Sheet

    var body: some View {
        switch sheet {
        case .addAccount:
            AddAccountScreen(service: service, scene: scene)
        case .editAccount(let id):
            if let saved = service.appState.read({ $0.accounts }).value?.first(where: { $0.id == id }) {
                EditAccountScreen(service: service, scene: scene, saved: saved)
            } else {
                MissingAccountView { service.presentSheetAction(scene, nil) }
            }
        case .importAccounts:
            ImportScreen(service: service, scene: scene)
        case .export:
            ExportScreen(service: service, scene: scene)
        case .settings:
            SettingsScreen(service: service, scene: scene)
        case .changePassphrase:
            ChangePassphraseScreen(service: service, scene: scene)
        }
    }
}

#Preview("List") {
    RaftPreview { raft in
        NavigationStack {
            AccountListScreen(service: raft, scene: previewScene)
        }
    }
}

#Preview("List, empty") {
    RaftPreview(accounts: []) { raft in
        NavigationStack {
            AccountListScreen(service: raft, scene: previewScene)
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
