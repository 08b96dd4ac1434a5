// expect: type 'UIPasteboard.OptionsKey' has no member 'expiration'
// A pasteboard option misnamed: the key is `expirationDate`.
import Foundation
import UIKit

enum PasteboardOptionCanary {
    static func copy(_ code: String) {
        UIPasteboard.general.setItems([["public.plain-text": code]], options: [.expiration: Date().addingTimeInterval(60)])
    }
}
