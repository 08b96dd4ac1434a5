import ServiceLifecycle

/// Runs a query (a usecase that keeps a part of the app state in sync with a
/// source, until its task is cancelled) for as long as the server runs: pass
/// it in `services` of ``WebServer/application(router:name:options:logger:sweep:services:onRunning:)``.
///
/// ```swift
/// services: [QueryService(service.followCountriesQuery)]
/// ```
public struct QueryService: Service {
    private let query: @Sendable () async -> Void

    /// A service that runs `query` until the server shuts down.
    public init(_ query: @escaping @Sendable () async -> Void) {
        self.query = query
    }

    /// Runs the query; graceful shutdown cancels it.
    public func run() async {
        await cancelWhenGracefulShutdown {
            await query()
        }
    }
}
