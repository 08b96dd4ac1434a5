import Foundation

/// Which real services a ``Vessel`` wires its workers to (article 002's phases).
public enum Phase: Sendable, Equatable {
    /// Offline: the database on disk, seeded and refreshed from the snapshot
    /// shipped with the app. No network access.
    case bundled
    /// The live restcountries API at `baseURL`, with the database on disk as the cache.
    case live(baseURL: URL)
    /// Nothing on disk and no network: an in-memory database seeded from the
    /// snapshot, and the snapshot standing in for the web. For demos and UI tests.
    case mocked
}
