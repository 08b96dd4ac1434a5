import AuthenticatorApp
import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTimeline

extension Vessel {
    /// The passphrase a raft's vault is created with when none is given.
    public static let raftPassphrase = "raft passphrase"

    /// A container for tests and previews (a raft, article 001): the app's
    /// own type and usecases over an in-memory vault at a low scrypt cost,
    /// with a clock that moves when told.
    ///
    /// Screens receive it as `Serving`, exactly like the app's vessel, so a
    /// view model is tested by swapping the container's workers, never by
    /// mocking the view model:
    ///
    /// ```swift
    /// let raft = try await Vessel.raft(accounts: [github, gitlab], passphrase: "correct horse")
    /// let viewModel = AccountListViewModel(raft, scene: "main")
    /// ```
    ///
    /// A raft runs no auto-lock by itself: a test calls `lockIfIdleAction`
    /// (or ``Vessel/watchIdleness(every:)``) when it wants one.
    ///
    /// - Parameters:
    ///   - state: A state to start from as it is, for a usecase's test that
    ///     changes only the store: no vault is created, opened or locked.
    ///   - accounts: Accounts the vault holds at start; with any, or with
    ///     `unlocked`, a vault is created with `passphrase`.
    ///   - passphrase: The passphrase of the vault created.
    ///   - unlocked: Whether the vault is left unlocked (otherwise locked,
    ///     or absent when there are no accounts).
    ///   - clock: The clock of codes and auto-lock.
    ///   - now: The time the usecases ask (`clock`'s by default): a replay's recorded answers.
    ///   - keys: The key worker; by default the data layer's, on the in-memory vault, at a low cost.
    ///   - vault: The vault worker; by default the data layer's, in memory.
    ///   - importer: The import worker (which reads links too); by default the data layer's.
    ///   - backups: The backup worker; by default the data layer's (writing
    ///     to the folder the backup settings name), at a low cost.
    ///   - logbook: Where developer errors go.
    public static func raft(
        state given: AppState? = nil, accounts: [Account] = [], passphrase: String = raftPassphrase, unlocked: Bool = true,
        clock: any TimeSource = ManualClock(), now: (@Sendable () -> Date)? = nil, keys: (any VaultKeyWork)? = nil, vault: (any VaultWork)? = nil,
        importer: (any ImportWork)? = nil, backups: (any BackupWork)? = nil, logbook: any Logbook = ConsoleLogbook(label: "raft"),
        timeline: Int? = nil
    ) async throws(VaultFizzle) -> Vessel {
        let database = try VaultDatabase(inMemoryNamed: nil, logbook: logbook)
        let formats = FormatWorker(logbook: logbook, aegisCost: .demo)
        let keys = keys ?? VaultKeyWorker(database: database, cost: .demo)
        let hasVault = try await keys.keyExists()
        var state = given ?? AppState()
        if given == nil { state.lock = hasVault ? .locked : .noVault }
        let raft = Vessel(
            state: state, keys: keys, vault: vault ?? VaultWorker(database: database), codes: OTPCodeWorker(),
            importer: importer ?? formats, exporter: formats, backups: backups ?? BackupWorker(logbook: logbook, cost: .demo),
            clock: clock, now: now, logbook: logbook, timeline: timeline)
        guard given == nil else { return raft }
        if (unlocked || !accounts.isEmpty), !hasVault {
            try await raft.createVaultAction(passphrase, passphrase)
            if !accounts.isEmpty {
                _ = try await raft.applyImportAction(accounts)
            }
        } else if hasVault, unlocked {
            try await raft.unlockVaultAction(passphrase, .owner)
        }
        if !unlocked { await raft.lockVaultAction() }
        return raft
    }
}
