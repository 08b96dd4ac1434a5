import Foundation
import UIKit
import UniformTypeIdentifiers

/// Puts a copied code on the general pasteboard for one minute, on this
/// device only: the pasteboard forgets it by itself (`expirationDate`), and
/// Universal Clipboard never sends it to another device (`localOnly`).
/// On a Mac the app runs as an iPad app, with the same UIKit pasteboard.
enum CodePasteboard {
    /// How long a copied code stays on the pasteboard.
    static let lifetime: TimeInterval = 60

    /// Copies `code`: nothing else is kept, and nothing is logged.
    @MainActor
    static func copy(_ code: String) {
        UIPasteboard.general.setItems(
            [[UTType.plainText.identifier: code]],
            options: [.expirationDate: Date().addingTimeInterval(lifetime), .localOnly: true])
    }
}
