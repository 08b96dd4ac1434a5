import SwiftUI

/// A load in progress, with a button that cancels it (a show).
struct LoadingView: View {
    let title: String
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
    LoadingView(title: "Loading South Korea…", cancel: {})
}
#endif
