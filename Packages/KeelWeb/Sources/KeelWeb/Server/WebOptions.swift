import Logging

/// How a web front-end is served.
public struct WebOptions: Sendable {
    /// The interface to listen on; loopback by default.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// How long a browser tab's session lives without a request or a live connection.
    public var sessionLifetime: Duration
    /// How long a tab's session lives once the live connection its page kept
    /// open has closed (the page was closed or left): shorter, so that closed
    /// tabs give their memory back soon; a page that reconnects within it keeps its session.
    public var closedTabLifetime: Duration
    /// How many tab sessions are kept at most; the least recently seen go first.
    public var maximumSessions: Int
    /// How often idle sessions are looked for.
    public var sweepInterval: Duration
    /// How often a live connection sends a heartbeat comment.
    public var heartbeat: Duration
    /// How long a connection may stay silent (between requests, or in the
    /// middle of one) before the server closes it.
    public var idleTimeout: Duration
    /// How long a connection may take to send a whole request, however busily
    /// (``ConnectionGuard``); answering it is not counted.
    public var requestTimeout: Duration
    /// How many connections may be open at once (kept below the process's
    /// descriptor limit); beyond, the oldest one still sending a request is closed.
    public var maximumConnections: Int
    /// The level of the server's log.
    public var logLevel: Logger.Level

    /// Creates options; the defaults serve on 127.0.0.1:8080.
    public init(
        host: String = "127.0.0.1", port: Int = 8080,
        sessionLifetime: Duration = .seconds(30 * 60), closedTabLifetime: Duration = .seconds(60), maximumSessions: Int = 1_000,
        sweepInterval: Duration = .seconds(30), heartbeat: Duration = .seconds(15),
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30), maximumConnections: Int = 512,
        logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.sessionLifetime = sessionLifetime
        self.closedTabLifetime = closedTabLifetime
        self.maximumSessions = maximumSessions
        self.sweepInterval = sweepInterval
        self.heartbeat = heartbeat
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maximumConnections = maximumConnections
        self.logLevel = logLevel
    }

    /// The largest form body accepted (forms are small): larger ones get 413.
    public static let maximumBodySize = 16 * 1024
}
