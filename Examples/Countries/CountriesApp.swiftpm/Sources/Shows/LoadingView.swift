import SwiftUI

/// A load in progress, with a button that cancels it (a show).
struct LoadingView: View {
    /// A key of the app's catalog: SwiftUI shows it in the reader's language.
    let title: LocalizedStringKey
    let cancel: () -> Void

    var body: some View {
        HStack {
            ProgressView(title)
            Spacer()
            Button("Cancel", role: .cancel, action: cancel)
        }
        .padding()
    }
}

#if DEBUG
#Preview("Loading") {
    LoadingView(title: "Updating…", cancel: {})
}
#endif
