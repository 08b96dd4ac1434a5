import Foundation
import Keel
import KeelTimeline
import ReadingListData
import ReadingListDomain

/// The app's container: it owns the store and the workers, and serves the
/// usecases to the screens as `Serving`. Each usecase is an extension of it,
/// in a file of its own under `Usecases/`.
// snippet.vessel
public final class Vessel: Serving {
    let store: MutableStore<AppState>
    let bookWork: any BookWork
    let logbook: any Logbook

    /// A container over these workers: the app's, or a test's stand-ins;
    /// with `timeline`, the store keeps its last updates (for development).
    public init(state: AppState = AppState(), bookWork: any BookWork, logbook: any Logbook = ConsoleLogbook(label: "books"), timeline: Int? = nil) {
        store = MutableStore(state, timeline: timeline)
        self.bookWork = bookWork
        self.logbook = logbook
    }

    /// The app's container, reading the list from the service at `baseURL`.
    public convenience init(baseURL: URL) {
        let logbook = ConsoleLogbook(label: "books")
        self.init(bookWork: BookWebWorker(baseURL: baseURL, logbook: logbook), logbook: logbook)
    }

    public var appState: Store<AppState> { store.readOnly }
}
// snippet.end
