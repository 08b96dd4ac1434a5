import Keel

/// The user-facing errors of opening a link.
public enum LinkFizzle: Fizzle {
    /// The text is not a link the app understands.
    case unsupported(String)
    /// The link names a country code the app does not know.
    case unknownCountry(code: String)

    /// What to tell the person using the app.
    public var message: LocalizedText {
        switch self {
        case .unsupported:
            "This link can't be opened in Countries."
        case .unknownCountry(let code):
            "The link points to \(code), which is not a country Countries knows."
        }
    }
}
