/// A language the app can show country names in.
public struct NameLanguage: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The ISO 639-3 code, as used by the country data ("kor").
    public let code: String
    /// The language's name in itself ("한국어").
    public let endonym: String

    /// The language's identity: its code.
    public var id: String { code }

    /// The endonym.
    public var description: String { endonym }

    /// English, the data's own language.
    public static let english = NameLanguage(code: "eng", endonym: "English")

    /// The languages offered in settings.
    public static let all: [NameLanguage] = [
        .english,
        NameLanguage(code: "kor", endonym: "한국어"),
        NameLanguage(code: "deu", endonym: "Deutsch"),
        NameLanguage(code: "fra", endonym: "Français"),
        NameLanguage(code: "spa", endonym: "Español"),
        NameLanguage(code: "jpn", endonym: "日本語"),
        NameLanguage(code: "ita", endonym: "Italiano"),
        NameLanguage(code: "por", endonym: "Português"),
        NameLanguage(code: "rus", endonym: "Русский"),
        NameLanguage(code: "zho", endonym: "中文"),
    ]

    /// The offered language with `code`, if any.
    public static func named(_ code: String) -> NameLanguage? {
        all.first { $0.code == code }
    }
}
