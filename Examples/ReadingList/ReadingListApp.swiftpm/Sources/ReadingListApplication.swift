import Foundation
import ReadingListApp
import ReadingListPresentation
import SwiftUI

/// The app: one container for the process, made where an `App` is made
/// (once); the screen's view model made once with it, never in a view's
/// initializer, which SwiftUI runs again at every pass.
// snippet.app
@main
struct ReadingListApplication: App {
    @State private var viewModel = BookListViewModel(Vessel(baseURL: URL(string: "https://books.example.com/v1")!))

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                BookListView(viewModel: viewModel)
            }
        }
    }
}
// snippet.end
