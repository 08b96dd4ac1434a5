#if canImport(SwiftUI)
import Foundation
import Keel
import SwiftUI

extension LocalizedText {
    /// This text in the string catalog Xcode compiled into `bundle`, in the
    /// language the app runs in: its translation, a plural form chosen by
    /// Foundation, the arguments in place. A key the catalog lacks shows its
    /// source-language text.
    public func resolved(bundle: Bundle = .main, locale: Locale = .current) -> String {
        let format = bundle.localizedString(forKey: key, value: nil, table: nil)
        guard !arguments.isEmpty else { return format }
        let values: [any CVarArg] = arguments.map { argument in
            switch argument {
            case .integer(let number): Int64(number)
            case .text(let text): text
            case .localized(let text): text.resolved(bundle: bundle, locale: locale)
            }
        }
        return String(format: format, locale: locale, arguments: values)
    }
}

extension Text {
    /// A text view of `text`, from the string catalog compiled into `bundle`
    /// (a package's `Bundle.module` when the catalog is in a package).
    public init(_ text: LocalizedText, bundle: Bundle = .main) {
        self.init(verbatim: text.resolved(bundle: bundle))
    }
}
#endif
