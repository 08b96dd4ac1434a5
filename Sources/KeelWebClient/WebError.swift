import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// Every way a ``WebClient`` call can fail.
///
/// `WebError` is for developers: it says what went wrong precisely enough to
/// log and to test. It is not meant for users; a worker translates it into
/// the user-facing error of its domain.
public enum WebError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device is offline, or the host cannot be found or reached, or the
    /// connection was lost.
    case offline
    /// The request did not complete within its timeout.
    case timeout
    /// The server answered with a status code outside the accepted range.
    ///
    /// `body` keeps at most the first ``retainedBodyLimit`` bytes of the
    /// response body.
    case status(code: Int, body: Data)
    /// The response body does not decode as the expected type. The string is
    /// a short description of the decoding failure.
    case undecodable(String)
    /// The calling task was cancelled, or the request was cancelled.
    case cancelled
    /// The request could not be built, for example from a path that cannot
    /// form a URL. Nothing was sent.
    case invalidRequest(String)
    /// Any other transport failure (TLS, bad server response…), described.
    case transport(String)

    /// The number of body bytes that ``status(code:body:)`` keeps.
    public static let retainedBodyLimit = 4096

    /// A developer-facing description of the error.
    public var description: String {
        switch self {
        case .offline:
            return "offline: the host cannot be reached"
        case .timeout:
            return "timeout: the request timed out"
        case let .status(code, body):
            return "HTTP status \(code) (\(WebError.preview(of: body)))"
        case let .undecodable(reason):
            return "undecodable response: \(reason)"
        case .cancelled:
            return "cancelled"
        case let .invalidRequest(reason):
            return "invalid request: \(reason)"
        case let .transport(reason):
            return "transport failure: \(reason)"
        }
    }

    /// A status error that keeps a bounded prefix of `body`.
    static func status(code: Int, truncating body: Data) -> WebError {
        .status(code: code, body: Data(body.prefix(retainedBodyLimit)))
    }

    /// Maps an error thrown by `URLSession` (or by a task cancellation): the
    /// mapping of ``URLSessionTransport``, for transports of your own.
    public init(transportError error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            if let localized = error as? any LocalizedError, let text = localized.errorDescription {
                self = .transport(text)
            } else {
                self = .transport(String(describing: error))
            }
            return
        }
        switch urlError.code {
        case .cancelled:
            self = .cancelled
        case .timedOut:
            self = .timeout
        case .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .cannotConnectToHost,
             .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            self = .offline
        default:
            self = .transport("URLError \(urlError.code.rawValue): \(urlError.localizedDescription)")
        }
    }

    /// A one-line preview of a response body: its size and its start as text.
    private static func preview(of body: Data) -> String {
        guard !body.isEmpty else { return "empty body" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        let ellipsis = body.count > 200 ? "…" : ""
        return "\(body.count) bytes: \(text)\(ellipsis)"
    }
}
