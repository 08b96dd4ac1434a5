import Foundation

/// The rules a vault's passphrase follows, and how unlocking slows down
/// after wrong ones.
public enum Passphrase {
    /// The fewest characters a new passphrase may have.
    public static let minimumLength = 8

    /// Why `passphrase` cannot protect a vault, or `nil` when it can.
    public static func problem(with passphrase: String) -> VaultFizzle? {
        passphrase.count < minimumLength ? .passphraseTooShort(minimum: minimumLength) : nil
    }

    /// Why `password` cannot protect a file (an export, the backups), or
    /// `nil` when it can: the same rule, said of a password, not of the
    /// vault's passphrase.
    public static func problem(withPassword password: String) -> VaultFizzle? {
        password.count < minimumLength ? .passwordTooShort(minimum: minimumLength) : nil
    }

    /// How long to wait before the next try after `failures` wrong
    /// passphrases in a row: nothing for the first three, then 1, 2, 4 …
    /// seconds, at most five minutes.
    public static func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures > 3 else { return 0 }
        return min(300, pow(2, Double(min(failures - 4, 16))))
    }
}
