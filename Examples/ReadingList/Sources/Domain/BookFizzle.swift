import Keel
import KeelWebClient

/// What can go wrong, in the words the person using the app reads.
// snippet.fizzle
public enum BookFizzle: Fizzle {
    case offline
    case serviceUnavailable
    /// The book asked for is not on the list (any more).
    case unknownBook

    public var message: LocalizedText {
        switch self {
        case .offline: "You're offline. Check your connection and try again."
        case .serviceUnavailable: "The reading list can't be loaded right now."
        case .unknownBook: "This book is no longer on the list."
        }
    }
}
// snippet.end

// snippet.webFizzle
/// The one place where a web failure becomes what people read.
extension BookFizzle: WebFizzle {
    public init(_ error: WebError) {
        switch error {
        case .offline, .timeout, .cancelled: self = .offline
        case .status, .undecodable, .invalidRequest, .transport: self = .serviceUnavailable
        }
    }
}
// snippet.end
