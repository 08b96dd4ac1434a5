import Hummingbird

/// What a browser says of the languages its reader reads: the interface
/// language chosen in a settings page (``LanguageCookie``), and the languages
/// it accepts (`Accept-Language`), most wanted first.
public struct BrowserLanguages: Sendable, Equatable {
    /// The interface language the reader chose, as the browser sent it back.
    public var chosen: String?
    /// The languages the browser accepts, most wanted first.
    public var accepted: [String]

    /// The languages `chosen` and `accepted`.
    public init(chosen: String? = nil, accepted: [String]) {
        self.chosen = chosen
        self.accepted = accepted
    }
}

/// The cookie that keeps the interface language a reader chose, so that the
/// browser's new tabs speak it too (`keel-language`, for a year,
/// `SameSite=Lax`). A preference, not a proof of anything: a value the
/// catalog does not speak is ignored.
public enum LanguageCookie {
    /// `keel-language`.
    public static let name = "keel-language"

    /// The cookie that keeps `language` as the browser's choice, or, for
    /// `nil`, forgets the choice (the browser's own languages again).
    public static func cookie(for language: String?) -> Cookie {
        Cookie(
            name: name, value: language ?? "", maxAge: language == nil ? 0 : 365 * 24 * 3600, path: "/",
            httpOnly: true, sameSite: .lax)
    }
}

extension Request {
    /// The languages the browser asks for (``AcceptLanguage/preferred(_:)``),
    /// with the interface language its reader chose (``LanguageCookie``).
    public var languages: BrowserLanguages {
        BrowserLanguages(chosen: cookies[LanguageCookie.name]?.value, accepted: acceptedLanguages)
    }
}
