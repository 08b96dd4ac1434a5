import AuthenticatorPresentation
import Keel
import KeelSwiftUI
import SwiftUI

/// The line under a field or a form section: what is wrong, when something
/// is, or else the hint, both from the app's catalog (a show: values in,
/// nothing out).
struct FieldMessage: View {
    let message: LocalizedText?
    var hint: LocalizedText?

    var body: some View {
        if let message {
            Label {
                Text(message, bundle: AuthenticatorStrings.bundle)
            } icon: {
                Image(systemName: "exclamationmark.circle")
            }
            .font(.footnote)
        } else if let hint {
            Text(hint, bundle: AuthenticatorStrings.bundle)
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
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
        FieldMessage(message: "The secret key is too short: check that it was copied whole (at least 16 characters).")
        FieldMessage(message: nil, hint: "Enter the passphrase of your vault.")
    }
}

#Preview("Message bar") {
    List {
        MessageBar(message: "Deleted GitHub (ada@example.com).", canUndo: true, undo: {}, dismiss: {})
    }
}
