import Keel

/// The user-facing errors of the Countries app.
///
/// Workers translate every failure of their gears into one of these (or log
/// it as a developer error); nothing else reaches usecases and screens.
public enum CountryFizzle: Fizzle {
    /// No connection to the country service.
    case offline
    /// The country service took too long to answer.
    case timeout
    /// The country service answered with an error status.
    case serviceUnavailable(status: Int)
    /// The country service answered something the app cannot read.
    case unreadableResponse
    /// No country has this code.
    case notFound(code: String)
    /// The data saved on this device could not be read or written.
    case storageFailed
    /// The database on this device was written by a newer version of the
    /// app; it is not opened, so that this version cannot damage it.
    case newerDatabase
    /// Someone cancelled the refresh; the saved countries are kept.
    case refreshCancelled

    /// What to tell the person using the app.
    public var message: LocalizedText {
        switch self {
        case .offline:
            "You're offline. The countries saved on this device are shown."
        case .timeout:
            "The country service is taking too long to answer. Try again in a moment."
        case .serviceUnavailable(let status):
            "The country service is unavailable (error \(status)). Try again later."
        case .unreadableResponse:
            "The country service sent data this app cannot read."
        case .notFound(let code):
            "There is no country with the code \(code)."
        case .storageFailed:
            "The countries saved on this device could not be read or saved."
        case .newerDatabase:
            "The countries on this device were saved by a newer version of Countries. This version does not open them, so that it cannot damage them. Use the newer version."
        case .refreshCancelled:
            "The refresh was cancelled. The countries saved on this device are shown."
        }
    }
}
