import Keel

/// A user-facing error that a ``WebClient``'s failures turn into: the one
/// place where an app says what each ``WebError`` means to the people using it.
///
/// <!-- snippet: Examples/ReadingList/Sources/Domain/BookFizzle.swift#webFizzle -->
/// ```swift
/// /// The one place where a web failure becomes what people read.
/// extension BookFizzle: WebFizzle {
///     public init(_ error: WebError) {
///         switch error {
///         case .offline, .timeout, .cancelled: self = .offline
///         case .status, .undecodable, .invalidRequest, .transport: self = .serviceUnavailable
///         }
///     }
/// }
/// ```
public protocol WebFizzle: Fizzle {
    /// The fizzle people see when a call fails with `error`.
    init(_ error: WebError)
}

extension WebClient {
    /// Performs `call` and decodes its JSON body; a failure is recorded in
    /// `logbook` for developers (but a cancellation, which is no fault) and
    /// thrown as the `Failure` it means to people.
    public func call<Response: Decodable, Failure: WebFizzle>(
        _ call: APICall, as type: Response.Type = Response.self, logbook: any Logbook, failure: Failure.Type = Failure.self
    ) async throws(Failure) -> Response {
        do {
            return try await self.call(call, as: Response.self)
        } catch {
            if error != .cancelled { logbook.record(error, context: "\(call.method) \(call.path)") }
            throw Failure(error)
        }
    }
}
