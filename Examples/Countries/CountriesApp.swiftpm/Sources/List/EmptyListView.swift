import SwiftUI
import Keel
import KeelSwiftUI

/// What the list shows when it has no rows (a show: the message only).
struct EmptyListView: View {
    let message: LocalizedText

    var body: some View {
        ContentUnavailableView {
            Label("No countries", systemImage: "globe")
        } description: {
            Text(message)
        } actions: {
            EmptyView()
        }
    }
}

#if DEBUG
#Preview("No match") {
    EmptyListView(message: "No country matches “atlantis”.")
}
#endif
