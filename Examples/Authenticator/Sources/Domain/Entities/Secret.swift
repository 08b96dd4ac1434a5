/// The shared key of a two-factor account: the bytes both sides feed to HMAC.
///
/// A secret never shows itself: its `description`, `debugDescription` and
/// mirror say only how many bytes it holds, so that printing an account,
/// logging an error or dumping a value in a test never reveals it. Code that
/// needs the bytes reads ``bytes`` on purpose.
public struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key's bytes.
    public let bytes: [UInt8]

    /// Creates a secret holding `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether the secret holds no bytes.
    public var isEmpty: Bool { bytes.isEmpty }

    /// A redacted description: the length only.
    public var description: String { "Secret(\(bytes.count) bytes, redacted)" }

    /// A redacted description: the length only.
    public var debugDescription: String { description }

    /// A mirror without children, so that `dump` and test failures show no byte.
    public var customMirror: Mirror {
        Mirror(self, children: [(label: String?, value: Any)](), displayStyle: .struct)
    }
}
