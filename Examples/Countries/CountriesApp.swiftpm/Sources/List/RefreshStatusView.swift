import SwiftUI
import Keel
import KeelSwiftUI

/// The state of the refresh from the web: its progress with a cancel
/// button, or its error with a retry button; nothing otherwise.
struct RefreshStatusView: View {
    let isRefreshing: Bool
    let error: LocalizedText?
    let retry: () -> Void
    let cancel: () -> Void

    var body: some View {
        if isRefreshing {
            Section {
                HStack {
                    ProgressView()
                    Text("Refreshing from the web…")
                    Spacer()
                    Button("Cancel", role: .cancel, action: cancel)
                }
            }
        } else if let error {
            Section {
                VStack(alignment: .leading) {
                    Label(error.resolved(), systemImage: "exclamationmark.triangle")
                    Button("Retry", action: retry)
                }
            } footer: {
                Text("The list shows the countries saved on this device.")
            }
        }
    }
}

#if DEBUG
#Preview("Refreshing") {
    List { RefreshStatusView(isRefreshing: true, error: nil, retry: {}, cancel: {}) }
}

#Preview("Refresh failed") {
    List { RefreshStatusView(isRefreshing: false, error: "The connection appears to be offline.", retry: {}, cancel: {}) }
}
#endif
