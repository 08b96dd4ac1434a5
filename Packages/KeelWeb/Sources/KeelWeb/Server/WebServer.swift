import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the parts every web front-end shares: the router's outer layers and the application.
public enum WebServer {
    /// A router whose routes answer behind the security headers and the error
    /// pages, with the static files of `publicDirectory` under `/static` and
    /// KeelWeb's own script and stylesheet at `/keel/keel.js` and `/keel/keel.css`
    /// (the look every app shares; its `app.css` adds its own). Add the app's routes to it.
    ///
    /// A request whose `Host` names another server is refused first (``HostCheck``);
    /// one whose path does not decode to a name without control characters
    /// gets a 400 page (``PathCheck``).
    ///
    /// - Parameters:
    ///   - serverHost: The host the server listens on (``WebOptions/host``),
    ///     accepted in `Host` besides addresses and `localhost`.
    ///   - browserCookie: Whether each browser gets a session cookie
    ///     (``BrowserCookie``), so that tab sessions can be bound to it.
    ///   - errorPage: Renders the page of an error (``ErrorPages``). Its
    ///     words are catalog keys: render it with ``Voices/render(_:withTemplate:)``
    ///     to show them in the reader's language.
    public static func router<Context: BrowserRequestContext>(
        context: Context.Type, publicDirectory: String, logger: Logger, serverHost: String? = nil,
        browserCookie: Bool = false, errorPage: @escaping @Sendable (MessagePage) async -> String
    ) throws -> Router<Context> {
        let router = Router(context: Context.self)
        // Middleware wraps only the routes added after it: add it first.
        // Each request's method and path, at debug level; never its query, headers or body.
        router.add(middleware: RequestLog())
        router.add(middleware: SecurityHeaders())
        router.add(middleware: HostCheck(serverHost: serverHost))
        // Outside the error pages, so that an error page sets the cookie too.
        if browserCookie { router.add(middleware: BrowserCookie()) }
        router.add(middleware: ErrorPages(render: errorPage))
        // Before the files: a name cut short at a NUL must not open another file.
        router.add(middleware: PathCheck())
        let revalidated = CacheControl([(MediaType(type: .any), [.noCache])])
        router.add(middleware: FileMiddleware(
            publicDirectory, urlBasePath: "/static", cacheControl: revalidated, searchForIndexHtml: false, logger: logger))
        router.add(middleware: FileMiddleware(
            try TemplateLibrary.directory("Public", in: .module), urlBasePath: "/keel",
            cacheControl: revalidated, searchForIndexHtml: false, logger: logger))
        return router
    }

    /// The application serving `router` as `options` say, sweeping expired tab sessions as it runs.
    ///
    /// A connection that sends nothing, or stops in the middle of a request,
    /// for ``WebOptions/idleTimeout`` is closed (Hummingbird's idle timeout);
    /// one that takes ``WebOptions/requestTimeout`` to send a request, however
    /// busily, too; and at most ``WebOptions/maximumConnections`` are open
    /// (``ConnectionGuard``): connections cannot pile up until the process
    /// runs out of files. A response being sent (a live connection) is not cut.
    ///
    /// - Parameters:
    ///   - name: The server's name, in its `Server` header and its log.
    ///   - sweep: Closes the expired tab sessions and returns how many (``SessionRegistry/sweep()``).
    ///   - services: Other services that run as long as the server.
    ///   - onRunning: Called with the bound port once the server listens.
    public static func application<Context: RequestContext>(
        router: Router<Context>, name: String, options: WebOptions, logger: Logger,
        sweep: @escaping @MainActor @Sendable () -> Int, services: [any Service] = [],
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol where Context.Source == ApplicationRequestContextSource {
        let connections = ConnectionTable(maximum: min(options.maximumConnections, descriptorsForConnections()))
        let requestTimeout = TimeAmount(options.requestTimeout)
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(table: connections, timeout: requestTimeout)],
                idleTimeout: TimeAmount(options.idleTimeout))),
            // A burst of as many connections as the server holds (a browser's
            // 500 tabs reconnecting) waits to be accepted rather than being
            // refused and tried again a second later (the default queue is 256).
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: name, backlog: options.maximumConnections),
            services: [SessionSweeper(sweep: sweep, interval: options.sweepInterval)] + services,
            onServerRunning: { channel in
                // Hummingbird leaves the listening channel at SwiftNIO's default.
                try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: Self.acceptsPerWakeUp).get()
                await onRunning(channel.localAddress?.port ?? options.port)
            },
            logger: logger)
    }

    /// How many waiting connections the server accepts each time its event
    /// loop turns to them: SwiftNIO's default is 4. A burst of connections (a
    /// browser's 500 tabs reconnecting) is accepted in a few turns, each still
    /// serving the connections the loop has, so that a request coming with the
    /// burst (`/health`) is read sooner; accepting the whole burst in one turn
    /// did no better than 4 (the Authenticator's benchmark README).
    static let acceptsPerWakeUp: UInt = 64

    /// How many descriptors the process may give connections: its limit (the
    /// soft one raised to the hard one, as far as allowed), less a margin for
    /// its files and its own clients.
    static func descriptorsForConnections() -> Int {
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 256 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 65_536)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return max(16, Int(min(limit.rlim_cur, 1 << 20)) - 128)
    }

    /// The server's logger, at `options`' level.
    public static func logger(label: String, options: WebOptions) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = options.logLevel
        return logger
    }

    /// Why a server stopped with `error`, in a sentence for its command line:
    /// an address in use or refused is said as such, with what to do.
    public static func failureMessage(_ error: any Error, host: String, port: Int) -> String {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE:
            "\(host):\(port) is already in use (another server is listening there): choose another port with --port."
        case EACCES:
            "listening on \(host):\(port) is not allowed (ports below 1024 need privileges): choose another port with --port."
        case EADDRNOTAVAIL:
            "\(host) is not an address of this machine: choose another with --host."
        default:
            "\(error)"
        }
    }
}
