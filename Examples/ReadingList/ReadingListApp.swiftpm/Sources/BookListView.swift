import KeelSwiftUI
import ReadingListPresentation
import SwiftUI

/// The list screen: a thin view over its view model. It shows what the view
/// model exposes and sends it what the person does; nothing else.
// snippet.view
struct BookListView: View {
    @Bindable var viewModel: BookListViewModel

    var body: some View {
        List {
            if let problem = viewModel.problem {
                Text(problem).foregroundStyle(.secondary)
            }
            ForEach(viewModel.books) { book in
                Button {
                    viewModel.send(.toggleRead(book.id))
                } label: {
                    LabeledContent(book.title, value: book.isRead ? "Read" : "")
                }
            }
        }
        .overlay {
            if let message = viewModel.errorMessage {
                ContentUnavailableView {
                    Label("No reading list", systemImage: "wifi.slash")
                } description: {
                    Text(message)
                } actions: {
                    Button("Try again") { viewModel.send(.retry) }
                }
            } else if viewModel.isLoading, viewModel.books.isEmpty {
                ProgressView()
            }
        }
        .task { viewModel.send(.appeared) }
        .toolbar { Toggle("Hide read", isOn: $viewModel.hidesReadBooks) }
        .navigationTitle("Reading list")
    }
}
// snippet.end

#if DEBUG
import ReadingListApp
import ReadingListTesting

#Preview {
    NavigationStack {
        BookListView(viewModel: BookListViewModel(Vessel.raft()))
    }
}
#endif
