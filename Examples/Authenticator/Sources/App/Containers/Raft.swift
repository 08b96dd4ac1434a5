import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel

/// The container for tests and previews: an in-memory vault, a clock that
/// moves when told, and the same usecases as the ``Vessel``.
///
/// Screens receive it as `Serving`, exactly like the vessel, so a view model
/// is tested by swapping the container, never by mocking the view model:
///
/// ```swift
/// let raft = try await Raft(accounts: [github, gitlab], passphrase: "correct horse")
/// let viewModel = AccountListViewModel(raft, scene: "main")
/// ```
public final class Raft: UsecaseContainer {
    let deck: Deck

    /// scrypt's cost in a raft: low, so that tests and previews unlock at once.
    public static let fastCost = ScryptCost(n: 1 << 10, r: 8, p: 1)

    /// The passphrase a raft's vault is created with when none is given.
    public static let passphrase = "raft passphrase"

    /// Creates a raft.
    ///
    /// - Parameters:
    ///   - accounts: Accounts the vault holds at start; with any, or with
    ///     `unlocked`, a vault is created with `passphrase`.
    ///   - passphrase: The passphrase of the vault created.
    ///   - unlocked: Whether the vault is left unlocked (otherwise locked,
    ///     or absent when there are no accounts).
    ///   - clock: The clock of codes and auto-lock.
    ///   - keys: The key worker; by default the data layer's, on the in-memory vault, at a fast cost.
    ///   - vault: The vault worker; by default the data layer's, in memory.
    ///   - backups: The backup worker; by default the data layer's (writing
    ///     to the folder the backup settings name), at a fast cost.
    ///   - logbook: Where developer errors go.
    public init(
        accounts: [Account] = [], passphrase: String = Raft.passphrase, unlocked: Bool = true,
        clock: any TimeSource = ManualClock(), keys: (any VaultKeyWork)? = nil, vault: (any VaultWork)? = nil,
        backups: (any BackupWork)? = nil, logbook: any Logbook = ConsoleLogbook(label: "raft")
    ) async throws(VaultFizzle) {
        let database = try VaultDatabase(inMemoryNamed: nil, logbook: logbook)
        let formats = FormatWorker(logbook: logbook, aegisCost: Self.fastCost)
        deck = Deck(
            store: MutableStore(AppState()),
            keys: keys ?? VaultKeyWorker(database: database, cost: Self.fastCost),
            vault: vault ?? VaultWorker(database: database),
            codes: OTPCodeWorker(), importer: formats, exporter: formats,
            backups: backups ?? BackupWorker(logbook: logbook, cost: Self.fastCost), clock: clock, logbook: logbook)
        let wantsVault = unlocked || !accounts.isEmpty
        if wantsVault, try await !deck.keys.keyExists() {
            try await deck.createVault(passphrase, passphrase)
            if !accounts.isEmpty {
                _ = try await deck.applyImport(accounts)
            }
        } else {
            let hasVault = try await deck.keys.keyExists()
            deck.store.update(at: { $0.lock }) { $0 = hasVault ? .locked : .noVault }
            if hasVault, unlocked { try await deck.unlockVault(passphrase) }
        }
        if !unlocked { await deck.lockVault() }
    }

    /// The owner's face of the store, for tests that arrange a state.
    public var store: MutableStore<AppState> { deck.store }
}
