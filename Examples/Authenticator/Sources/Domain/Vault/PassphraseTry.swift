/// Who typed a passphrase, for counting the wrong ones
/// (``Passphrase/delay(afterFailures:)``).
///
/// Guessing must stay slow, but a client anyone on the machine can be (a
/// browser without the owner's key, another program) must not be able to keep
/// the owner out. So wrong passphrases are counted in two places: the owner's
/// ways in share the vault's own count, kept in its file for every process;
/// unknown clients share another, which slows only clients like them.
public enum PassphraseTry: Sendable, Hashable {
    /// The owner's own ways in: the command line, an app on the owner's
    /// device, a browser that opened the vault before (it holds the key the
    /// server gave it then). Counted in the vault.
    case owner
    /// A client the front-end does not know. Counted apart, in this process:
    /// its wrong passphrases never delay the owner.
    case unknownClient
}
