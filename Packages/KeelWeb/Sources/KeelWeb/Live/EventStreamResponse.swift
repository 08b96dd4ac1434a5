import HTTPTypes
import Hummingbird
import ServiceLifecycle

extension Response {
    /// A `text/event-stream` response that writes `chunks` until they end,
    /// the browser goes away, or the server shuts down; never cached.
    public static func eventStream(_ chunks: AsyncStream<String>, for request: Request) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                // A closure may not capture the `inout` writer: a local function takes it.
                func pump(_ writer: inout any ResponseBodyWriter) async throws {
                    for await chunk in chunks.cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: chunk))
                    }
                }
                do {
                    // Cancelled as soon as the browser closes the connection.
                    try await request.body.consumeWithCancellationOnInboundClose { _ in try await pump(&writer) }
                } catch {
                    return  // the browser went away: nothing to finish
                }
                try await writer.finish(nil)
            })
    }
}

extension Request {
    /// The id of the live fragment the page making this request shows, if it
    /// says: the last one a reconnecting browser received (`Last-Event-ID`),
    /// or the one its page was rendered with (the `shown` query parameter).
    public var shownFragment: String? {
        headers[HTTPField.Name("Last-Event-ID")!] ?? uri.queryParameters.get("shown")
    }
}
