import SwiftUI
import Keel
import KeelSwiftUI

/// A failure's message with a button that tries again (a show).
struct FailureView: View {
    let message: LocalizedText
    let retry: () -> Void

    var body: some View {
        VStack(alignment: .leading) {
            Label(message.resolved(), systemImage: "exclamationmark.triangle")
            Button("Retry", action: retry)
        }
        .padding()
    }
}

#if DEBUG
#Preview("Failure") {
    FailureView(message: "The connection appears to be offline.", retry: {})
}
#endif
