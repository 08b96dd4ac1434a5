/// A language the app can show country names in.
public struct NameLanguage: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The ISO 639-3 code, as used by the country data ("kor").
    public let code: String
    /// The language's name in itself ("한국어").
    public let endonym: String
    /// The language's BCP 47 tag, as an interface names its language ("ko").
    public let tag: String

    /// The language's identity: its code.
    public var id: String { code }

    /// The endonym.
    public var description: String { endonym }

    /// English, the data's own language.
    public static let english = NameLanguage(code: "eng", endonym: "English", tag: "en")

    /// The languages offered in settings.
    public static let all: [NameLanguage] = [
        .english,
        NameLanguage(code: "kor", endonym: "한국어", tag: "ko"),
        NameLanguage(code: "deu", endonym: "Deutsch", tag: "de"),
        NameLanguage(code: "fra", endonym: "Français", tag: "fr"),
        NameLanguage(code: "spa", endonym: "Español", tag: "es"),
        NameLanguage(code: "jpn", endonym: "日本語", tag: "ja"),
        NameLanguage(code: "ita", endonym: "Italiano", tag: "it"),
        NameLanguage(code: "por", endonym: "Português", tag: "pt"),
        NameLanguage(code: "rus", endonym: "Русский", tag: "ru"),
        NameLanguage(code: "zho", endonym: "中文", tag: "zh"),
    ]

    /// The offered language with `code`, if any.
    public static func named(_ code: String) -> NameLanguage? {
        all.first { $0.code == code }
    }

    /// The offered language of an interface in `identifier` ("ko", "ko-KR",
    /// "pt_BR"): the names a reader of that interface reads; English for one
    /// the app does not offer names in.
    public static func reading(_ identifier: String) -> NameLanguage {
        let tag = identifier.prefix { $0.isLetter }.lowercased()
        return all.first { $0.tag == tag } ?? .english
    }
}
