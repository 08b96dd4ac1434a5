import Foundation
import Keel

/// Why something asked of the vault did not happen.
///
/// Every case leaves the vault as it was. Messages name what went wrong and
/// what to do; they never hold a secret, a code, a passphrase or a key.
public enum VaultFizzle: Fizzle {
    /// There is no vault yet: create one first.
    case noVault
    /// A vault already exists here; it is never replaced.
    case vaultExists
    /// The vault is locked: unlock it first.
    case locked
    /// A new passphrase is shorter than the minimum.
    case passphraseTooShort(minimum: Int)
    /// The passphrase and its confirmation differ.
    case passphrasesDiffer
    /// A new password of a file (an export, the backups) is shorter than the minimum.
    case passwordTooShort(minimum: Int)
    /// A file's password and its confirmation differ.
    case passwordsDiffer
    /// The passphrase does not unlock the vault.
    case wrongPassphrase
    /// Too many wrong passphrases in a row: the next try waits this many seconds.
    case tryAgainLater(seconds: Int)
    /// No account has this identifier (it was deleted meanwhile).
    case accountNotFound
    /// There is no deleted account to bring back.
    case nothingToUndo
    /// An entry cannot become an account.
    case invalidEntry(EntryFizzle)
    /// The account is already in the vault (same secret, issuer and name).
    case duplicate(label: String)
    /// A setting is out of range.
    case invalidSetting(VaultSettings.Field)
    /// An import or export failed as a whole.
    case format(ImportFizzle)
    /// A plain export was asked for without saying that the file may be read by anyone.
    case plainExportNotConfirmed
    /// An export was asked for without the vault's passphrase, which it asks again.
    case passphraseRequired
    /// The vault was written by a newer version of the app (its schema has
    /// changes this version does not know): it is not opened, so that this
    /// version cannot damage it.
    case newerVault
    /// Another window or program changed the passphrase while this change ran:
    /// this one was not saved.
    case passphraseChangedElsewhere
    /// Another window or program holds the vault (unlocking it, changing its
    /// passphrase, or writing) for longer than a try waits.
    case busy
    /// The automatic backups' settings are wrong, or a backup failed.
    case backup(BackupFizzle)
    /// The disk (or the user's quota) is full: nothing could be saved.
    case diskFull
    /// This user may not open or write the vault's files (their owner or permissions).
    case notPermitted
    /// The vault's place is not a file the app can use (a folder, a device, a
    /// file that is no database, where the data directory should be a folder).
    case unusableFile
    /// The vault file holds something no version of the app writes (a key
    /// stored with a cost out of range, an entry that does not open): it was
    /// damaged or altered.
    case damagedFile
    /// The vault cannot be read or written, for another reason (in the logbook).
    case storageFailed
    /// The work was cancelled before it finished (the page was left, the
    /// request dropped): a transaction it began was rolled back. Not a fault.
    case cancelled

    /// What to tell the person.
    public var message: LocalizedText {
        switch self {
        case .noVault:
            "There is no vault yet. Create one with a passphrase first."
        case .vaultExists:
            "A vault already exists here. Unlock it, or choose another data directory."
        case .locked:
            "The vault is locked. Unlock it with your passphrase first."
        case .passphraseTooShort(let minimum):
            "The passphrase must have at least \(minimum) characters."
        case .passphrasesDiffer:
            "The two passphrases differ. Type the same passphrase twice."
        case .passwordTooShort(let minimum):
            "The password must have at least \(minimum) characters."
        case .passwordsDiffer:
            "The two passwords differ. Type the same password twice."
        case .wrongPassphrase:
            "That passphrase does not unlock the vault. Check it and try again."
        case .tryAgainLater(let seconds):
            seconds == 1
                ? "Too many wrong passphrases. Try again in \(seconds) second."
                : "Too many wrong passphrases. Try again in \(seconds) seconds."
        case .accountNotFound:
            "This account is no longer in the vault."
        case .nothingToUndo:
            "There is no deleted account to bring back."
        case .invalidEntry(let fizzle):
            "This account cannot be added: \(fizzle.message)."
        case .duplicate(let label):
            "\(label) is already in the vault."
        case .invalidSetting(.timeOffset):
            "The time offset must be within one day (±86400 seconds)."
        case .invalidSetting(.autoLock):
            "Auto-lock must be between 0 (never) and 1440 minutes."
        case .format(let fizzle):
            fizzle.message
        case .plainExportNotConfirmed:
            "A plain export shows every secret to whoever reads the file. Confirm that you want one."
        case .passphraseRequired:
            "Type the vault's passphrase: an export holds every secret, so it is asked again."
        case .newerVault:
            """
            This vault was written by a newer version of the Authenticator. This version does not open it, \
            so that it cannot damage it: use the newer version.
            """
        case .passphraseChangedElsewhere:
            """
            The passphrase was changed in another window or program meanwhile, so this change was not saved. \
            Lock the vault and unlock it with the passphrase now in use.
            """
        case .busy:
            "The vault is busy in another window or program. Try again in a moment."
        case .backup(let fizzle):
            fizzle.message
        case .diskFull:
            "The disk is full, so the vault could not be saved. Free some space and try again."
        case .notPermitted:
            "This user may not open or change the vault's files. Check the owner and permissions of the data directory."
        case .unusableFile:
            "The vault's place is not a file the app can use (a folder or a device). Choose another data directory."
        case .damagedFile:
            "The vault file holds something this app never writes, so it was damaged or altered. Restore it from a backup."
        case .storageFailed:
            "The vault could not be read or saved. Try again; if it keeps failing, check the disk."
        case .cancelled:
            "This was cancelled before it finished; nothing was changed."
        }
    }
}
