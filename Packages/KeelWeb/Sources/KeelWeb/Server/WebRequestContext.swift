import Hummingbird

/// The request context of a web front-end: URL-encoded forms, capped in size.
public struct WebRequestContext: BrowserRequestContext {
    /// Hummingbird's storage for the context.
    public var coreContext: CoreRequestContextStorage

    /// The browser that sent the request, where ``BrowserCookie`` runs.
    public var browser: String?

    /// Creates the context of a request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Bodies larger than this fail with 413 when decoded.
    public var maxUploadSize: Int { WebOptions.maximumBodySize }

    /// Forms are URL-encoded.
    public var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }
}
