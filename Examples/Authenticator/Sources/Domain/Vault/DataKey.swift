/// The random key that seals every secret of a vault (AES-256-GCM).
///
/// It exists in memory only while the vault is unlocked; on disk it is kept
/// wrapped by a key derived from the passphrase. Like ``Secret``, it never
/// shows its bytes in a `description`, a debug description or a mirror.
public struct DataKey: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key's bytes (32).
    public let bytes: [UInt8]

    /// Creates a key holding `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A redacted description.
    public var description: String { "DataKey(redacted)" }

    /// A redacted description.
    public var debugDescription: String { description }

    /// A mirror without children.
    public var customMirror: Mirror {
        Mirror(self, children: [(label: String?, value: Any)](), displayStyle: .struct)
    }
}
