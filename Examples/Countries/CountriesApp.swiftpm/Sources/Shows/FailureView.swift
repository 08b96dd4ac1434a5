import SwiftUI
import Keel
import KeelSwiftUI

/// A failure's message, with a button that tries again where that can help (a show).
struct FailureView: View {
    let message: LocalizedText
    /// Loads again; `nil` where trying again cannot help (no Retry button).
    let retry: (() -> Void)?

    var body: some View {
        VStack(alignment: .leading) {
            Label(message.resolved(), systemImage: "exclamationmark.triangle")
            if let retry {
                Button("Retry", action: retry)
            }
        }
        .padding()
    }
}

#if DEBUG
#Preview("Failure") {
    FailureView(message: "The connection appears to be offline.", retry: {})
}
#endif
