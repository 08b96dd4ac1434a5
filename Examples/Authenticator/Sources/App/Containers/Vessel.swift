import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel

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
public final class Vessel: UsecaseContainer {
    let deck: Deck
    private let idleWatch: Task<Void, Never>

    /// Creates the container for `phase`, keeping the vault in `dataDirectory`.
    ///
    /// - Parameters:
    ///   - phase: Where the vault lives.
    ///   - dataDirectory: The folder of the vault file (ignored by ``Phase/mocked``).
    ///   - idleCheckInterval: How often auto-lock looks at the time since the last use.
    ///   - clock: The clock of codes and auto-lock (the system's by default).
    ///   - logbook: Where developer errors go.
    ///   - keys: Builds the key worker from the vault file's own one, for a
    ///     worker that keeps the data key elsewhere (the Apple app's Keychain
    ///     worker) and still needs the file's key check, which the vault
    ///     worker reads; `nil` keeps the file's worker.
    /// - Throws: ``VaultFizzle/newerVault`` when a newer version of the app
    ///   wrote the vault; ``VaultFizzle/storageFailed`` when no vault can be opened or created.
    public init(
        phase: Phase, dataDirectory: URL, idleCheckInterval: Duration = .seconds(10),
        clock: any TimeSource = SystemTimeSource(), logbook: any Logbook = ConsoleLogbook(label: "authenticator"),
        keys: (@Sendable (_ file: any VaultKeyWork) -> any VaultKeyWork)? = nil
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
            cost = Raft.fastCost
            backupCost = Raft.fastCost
        }
        let formats = FormatWorker(logbook: logbook)
        let fileKeys = VaultKeyWorker(database: database, cost: cost)
        let deck = Deck(
            store: MutableStore(AppState()),
            keys: keys.map { $0(fileKeys) } ?? fileKeys,
            vault: VaultWorker(database: database),
            codes: OTPCodeWorker(), importer: formats, exporter: formats,
            backups: BackupWorker(logbook: logbook, cost: backupCost), clock: clock, logbook: logbook)
        let hasVault = try await deck.keys.keyExists()
        deck.store.update { state in
            state.lock = hasVault ? .locked : .noVault
            state.system.notices = database.notices
        }
        self.deck = deck
        idleWatch = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: idleCheckInterval)
                _ = await deck.lockIfIdle()
            }
        }
    }

    deinit {
        idleWatch.cancel()
    }

    /// The vault file inside `directory`.
    public static func vaultFile(in directory: URL) -> URL {
        VaultDatabase.databaseFile(in: directory)
    }

    /// The per-user data directory: `$XDG_DATA_HOME/keel-authenticator` (or
    /// `~/.local/share/keel-authenticator`) on Linux, Application Support on Apple platforms.
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if os(Linux)
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("keel-authenticator")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/keel-authenticator")
        #else
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appendingPathComponent("keel-authenticator")
        #endif
    }
}
