import CountriesDomain
import Foundation
import Keel

/// What the usecases run with: the store (the owner's face) and the workers.
///
/// Both containers, ``Vessel`` and ``Raft``, hold one and hand out its
/// usecases through ``Serving``; only the workers they put on deck differ.
/// Each usecase lives in its own file, as an extension of `Deck`.
struct Deck: Sendable {
    /// The single source of truth; only usecases write it.
    let store: MutableStore<AppState>
    /// The live web service (or a stand-in, by phase).
    let web: any CountryWebWork
    /// The countries saved on this device.
    let database: any CountryDatabaseWork
    /// The snapshot shipped with the app.
    let bundle: any CountryBundleWork
    /// Where developer errors go.
    let logbook: any Logbook
    /// The current date, replaceable in tests.
    let now: @Sendable () -> Date
    /// The refresh running, which a second refresh joins.
    let refreshes = SharedRun()
}
