import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTimeline

/// The app's container: it owns the store, builds the workers for a
/// ``Phase``, watches for idleness to lock the vault, and serves everything
/// to the screens as `Serving` (article 001).
///
/// Create one at the app's entry point and hand it to the root screen:
///
/// ```swift
/// let vessel = try await Vessel(phase: .device, dataDirectory: Vessel.defaultDataDirectory())
/// ContentView(vessel)
/// ```
///
/// Creating a vessel opens the vault file (a damaged one is set aside, a
/// folder others could read is tightened, and both are reported in
/// ``AppState/System/notices``) and says in ``AppState/lock`` whether there is
/// a vault to unlock. A vault written by a newer version is not opened.
///
/// Tests and previews build the same type from workers of their choice
/// (``init(state:keys:vault:codes:importer:exporter:backups:clock:now:logbook:timeline:)``;
/// `AuthenticatorTesting`'s `Vessel.raft` does it with an in-memory vault and
/// a clock that moves when told). Each usecase is an extension of the vessel
/// in a file of its own, next to the `Serving` property that hands it out.
public final class Vessel: Serving {
    /// The single source of truth; only usecases write it.
    let store: MutableStore<AppState>
    /// Keeps the data key, wrapped by the passphrase.
    let keys: any VaultKeyWork
    /// Keeps the accounts and settings.
    let vault: any VaultWork
    /// Makes codes.
    let codes: any CodeWork
    /// Reads other authenticators' files.
    let importer: any ImportWork
    /// Writes them.
    let exporter: any ExportWork
    /// Writes the automatic backups.
    let backups: any BackupWork
    /// The clock codes are made with (without the settings' offset), and auto-lock's.
    public let clock: any TimeSource
    /// The time, as the usecases ask it: `clock`, its answers recorded in the
    /// timeline when the store keeps one (a replay gives them again). Screens
    /// and auto-lock read `clock` itself, every second or minute: those
    /// answers would bury the rest.
    let now: @Sendable () -> Date
    /// Where developer errors go.
    let logbook: any Logbook
    /// What lives only while the vault is unlocked.
    let session = UnlockedSession()
    /// The automatic backups, one at a time: every change asks for one, and
    /// changes may come faster than backups are written, so a request joins
    /// the backup queued and not started yet (it reads the vault when it
    /// starts, so it holds every change made before).
    let backupRuns = SharedRun<BackupStatus>()
    /// The loop that locks the vault when idle, once started.
    private let idleWatch = Locked<Task<Void, Never>?>(nil)
    /// The run of the vault query while the vault is unlocked (``followVaultQuery``).
    let following = Locked<Task<Void, Never>?>(nil)

    /// Creates a container over these workers, with `state` in its store
    /// (its ``AppState/lock`` says whether `keys` hold a vault). No auto-lock
    /// runs until ``watchIdleness(every:)``. With `timeline`, the store keeps
    /// its last `timeline` updates (for development: ``timelineViewer()``).
    /// `now` is the time the usecases ask, `clock`'s by default (a replay
    /// gives the recorded answers there, and leaves `clock` to the screens).
    public init(
        state: AppState = AppState(), keys: any VaultKeyWork, vault: any VaultWork, codes: any CodeWork,
        importer: any ImportWork, exporter: any ExportWork, backups: any BackupWork,
        clock: any TimeSource = SystemTimeSource(), now: (@Sendable () -> Date)? = nil, logbook: any Logbook,
        timeline: Int? = nil
    ) {
        store = MutableStore(state, timeline: timeline)
        self.keys = keys
        self.vault = vault
        self.codes = codes
        self.importer = importer
        self.exporter = exporter
        self.backups = backups
        self.clock = clock
        self.now = store.recording("now()", now ?? { clock.now() })
        self.logbook = logbook
    }

    /// Creates the container for `phase`, keeping the vault in `dataDirectory`,
    /// and starts auto-lock.
    ///
    /// - Parameters:
    ///   - phase: Where the vault lives.
    ///   - dataDirectory: The folder of the vault file (ignored by ``Phase/mocked``).
    ///   - idleCheckInterval: How often auto-lock looks at the time since the last use.
    ///   - clock: The clock of codes and auto-lock (the system's by default).
    ///   - logbook: Where developer errors go.
    ///   - timeline: How many updates the store keeps in its timeline, for
    ///     development (`nil`, the default: none, at no cost). Secrets show
    ///     in it as they describe themselves: redacted.
    ///   - keys: Builds the key worker from the vault file's own one, for a
    ///     worker that keeps the data key elsewhere (the Apple app's Keychain
    ///     worker) and still needs the file's key check, which the vault
    ///     worker reads; `nil` keeps the file's worker.
    /// - Throws: ``VaultFizzle/newerVault`` when a newer version of the app
    ///   wrote the vault; ``VaultFizzle/storageFailed`` when no vault can be opened or created.
    public convenience init(
        phase: Phase, dataDirectory: URL, idleCheckInterval: Duration = .seconds(10),
        clock: any TimeSource = SystemTimeSource(), logbook: any Logbook = ConsoleLogbook(label: "authenticator"),
        timeline: Int? = nil, keys: (@Sendable (_ file: any VaultKeyWork) -> any VaultKeyWork)? = nil
    ) async throws(VaultFizzle) {
        let database: VaultDatabase
        let cost: ScryptCost
        let backupCost: ScryptCost
        switch phase {
        case .device:
            database = try VaultDatabase(file: Self.vaultFile(in: dataDirectory), logbook: logbook)
            cost = .standard
            backupCost = .aegis
        case .mocked:
            database = try VaultDatabase(inMemoryNamed: nil, logbook: logbook)
            cost = .demo
            backupCost = .demo
        }
        let formats = FormatWorker(logbook: logbook)
        let fileKeys = VaultKeyWorker(database: database, cost: cost)
        let keys = keys.map { $0(fileKeys) } ?? fileKeys
        var state = AppState()
        state.lock = try await keys.keyExists() ? .locked : .noVault
        state.system.notices = database.notices
        self.init(
            state: state, keys: keys, vault: VaultWorker(database: database), codes: OTPCodeWorker(),
            importer: formats, exporter: formats, backups: BackupWorker(logbook: logbook, cost: backupCost),
            clock: clock, logbook: logbook, timeline: timeline)
        watchIdleness(every: idleCheckInterval)
    }

    deinit {
        idleWatch.withLock { $0?.cancel() }
        following.withLock { $0?.cancel() }
    }

    /// The app state, read-only.
    public var appState: Store<AppState> { store.readOnly }

    /// A viewer of the store's timeline (empty unless the container was made
    /// with `timeline:`), with rewind: for a debug menu. Make it once, where
    /// the container is kept. No rewind opens the vault or brings back what
    /// its lock hid (``AppState/keepLocked(now:rewound:)``).
    @MainActor public func timelineViewer() -> TimelineViewModel {
        TimelineViewModel(store: store, keeping: AppState.keepLocked)
    }

    /// Starts auto-lock: every `interval`, ``lockIfIdle()`` looks at the
    /// time since the last use, until the vessel goes away. Starting it again replaces the loop.
    public func watchIdleness(every interval: Duration) {
        let watch = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                _ = await self.lockIfIdle()
            }
        }
        idleWatch.withLock { running in
            running?.cancel()
            running = watch
        }
    }

    /// The vault file inside `directory`.
    public static func vaultFile(in directory: URL) -> URL {
        VaultDatabase.databaseFile(in: directory)
    }

    /// The per-user data directory, `keel-authenticator` (``DataDirectory/standard(for:environment:)``).
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        DataDirectory.standard(for: "keel-authenticator", environment: environment)
    }
}
