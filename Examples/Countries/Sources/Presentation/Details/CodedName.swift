import Foundation

/// A currency or a language of a country, named in the reader's language
/// when it is shown: the data names them in English, and the platform's
/// locale data (`Locale.localizedString(forCurrencyCode:)`,
/// `localizedString(forLanguageCode:)`) in other languages. The English name
/// stays where the platform has none.
public struct CodedName: Hashable, Sendable {
    /// A currency (ISO 4217, with its symbol if known) or a language (ISO 639-3).
    public enum Kind: Hashable, Sendable {
        case currency(symbol: String?)
        case language
    }

    /// The code ("KRW", "kor").
    public let code: String
    /// The English name, from the data.
    public let englishName: String
    public let kind: Kind

    /// A currency or language `code`, named `englishName` in the data.
    public init(code: String, englishName: String, kind: Kind) {
        self.code = code
        self.englishName = englishName
        self.kind = kind
    }

    /// The name for a reader of `locale`: "South Korean won (₩)" in English,
    /// "대한민국 원 (₩)" in Korean.
    public func name(in locale: Locale) -> String {
        let isEnglish = locale.language.languageCode == .english
        switch kind {
        case .currency(let symbol):
            let name = isEnglish ? englishName : locale.localizedString(forCurrencyCode: code) ?? englishName
            return symbol.map { "\(name) (\($0))" } ?? name
        case .language:
            return isEnglish ? englishName : locale.localizedString(forLanguageCode: code) ?? englishName
        }
    }
}
