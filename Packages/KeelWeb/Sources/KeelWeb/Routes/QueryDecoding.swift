import Hummingbird

extension Request {
    /// Decodes the query of the request's URL: malformed input (a bad
    /// percent-escape, a name given twice) is a 400, never a 500.
    ///
    /// Hummingbird's `URI.decodeQuery(as:context:)` turns the decoder's
    /// missing or mistyped keys into 400s, but lets its other errors through
    /// as unexpected ones.
    public func decodeQuery<Query: Decodable>(_ type: Query.Type, context: some RequestContext) throws -> Query {
        do {
            return try uri.decodeQuery(as: type, context: context)
        } catch let error as HTTPError {
            throw error
        } catch {
            throw PageError(.badRequest, message: "The address could not be read.")
        }
    }
}
