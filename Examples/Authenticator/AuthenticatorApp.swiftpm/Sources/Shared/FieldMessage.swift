import Keel
import KeelSwiftUI
import SwiftUI

/// The line under a field or a form section: what is wrong, when something
/// is, or else the hint (a show: values in, nothing out).
struct FieldMessage: View {
    let text: String?
    var hint: String?

    var body: some View {
        if let text {
            Label(text, systemImage: "exclamationmark.circle")
                .font(.footnote)
        } else if let hint {
            Text(hint)
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
    }
}

extension FieldMessage {
    /// The line under a field for a message of the catalog, in the app's language.
    init(message: LocalizedText?, hint: String? = nil) {
        self.init(text: message?.resolved(), hint: hint)
    }
}

/// A message at the top of a list, with an undo button when there is
/// something to undo and a button that hides it (a show).
struct MessageBar: View {
    let message: String
    let canUndo: Bool
    let undo: () -> Void
    let dismiss: () -> Void

    var body: some View {
        HStack {
            Text(message)
                .font(.callout)
            Spacer()
            if canUndo {
                Button("Undo", action: undo)
            }
            Button(action: dismiss) {
                Image(systemName: "xmark")
            }
            .accessibilityLabel("Hide the message")
        }
    }
}

#Preview("Field messages") {
    Form {
        FieldMessage(text: "The secret key is too short.")
        FieldMessage(text: nil, hint: "Enter the passphrase of your vault.")
    }
}

#Preview("Message bar") {
    List {
        MessageBar(message: "Deleted GitHub (ada@example.com).", canUndo: true, undo: {}, dismiss: {})
    }
}
