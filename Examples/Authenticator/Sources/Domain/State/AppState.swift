import Foundation
import Keel

/// The single source of truth of the Authenticator app.
///
/// One value (article 001): whether the vault is locked, the accounts while
/// it is unlocked, the settings, and where each scene (a window, a browser
/// tab) is. Screens read it through ``Serving/appState`` and observe slices of
/// it; only usecases write it.
///
/// Its `description` never shows a secret: accounts describe themselves
/// without theirs (see ``Secret``), and the data key is not part of it.
public struct AppState: Equatable, Sendable {
    /// Whether there is a vault, and whether it is open.
    public var lock: LockState = .unknown
    /// The accounts of the unlocked vault; `.notRequested` while locked.
    public var accounts: Loadable<[SavedAccount]> = .notRequested
    /// The settings of the unlocked vault (the defaults while locked).
    public var settings = VaultSettings()
    /// The automatic backups of the unlocked vault: settings and how the last one went.
    public var backup = BackupState()
    /// Where each scene is, by scene id. A scene that never navigated has no entry.
    public var routing: [String: Routing] = [:]
    /// The state of the system the app runs in.
    public var system = System()

    /// Creates the initial state: the vault not read yet.
    public init() {}

    /// Where the scene `id` is: its routing, or the list with nothing presented.
    public func routing(of scene: String) -> Routing {
        routing[scene] ?? Routing()
    }

    /// The state of the system the app runs in.
    public struct System: Equatable, Sendable {
        /// What the person must be told about the vault's files, found when
        /// they were opened (a damaged file set aside, a folder others could read).
        public var notices: [VaultNotice] = []
        /// The last time someone used the app, which auto-lock counts from.
        public var lastActivity: Date?

        /// Creates the system state.
        public init() {}
    }

    /// Where one scene is: its sheet, as state, so that links only set state.
    public struct Routing: Equatable, Sendable {
        /// The sheet shown over the list, if any.
        public var sheet: Sheet?

        /// Creates routing showing `sheet`.
        public init(sheet: Sheet? = nil) {
            self.sheet = sheet
        }
    }

    /// A sheet shown over the account list.
    public enum Sheet: Hashable, Codable, Sendable {
        /// The form adding an account.
        case addAccount
        /// The form editing the account.
        case editAccount(AccountID)
        /// The import: paste or choose a file, preview, apply.
        case importAccounts
        /// The export.
        case export
        /// The settings.
        case settings
        /// The change of passphrase.
        case changePassphrase
    }
}

/// Whether there is a vault, and whether it is open.
extension AppState {
    /// What a rewind of the timeline may not move: the lock stays as it is
    /// now, and while the vault is not open, so do the accounts (none shown).
    /// A rewind never opens the vault, nor shows a code its lock hid.
    @Sendable public static func keepLocked(now: AppState, rewound: inout AppState) {
        rewound.lock = now.lock
        if !now.lock.isUnlocked { rewound.accounts = now.accounts }
    }
}

public enum LockState: Hashable, Sendable {
    /// The vault has not been looked at yet.
    case unknown
    /// There is no vault: the first screen creates one.
    case noVault
    /// The vault is locked.
    case locked
    /// The vault is open: the data key is in memory.
    case unlocked

    /// Whether the vault is open.
    public var isUnlocked: Bool { self == .unlocked }
}
