/// A value that holds a secret or a passphrase as typed: its description,
/// debug description and mirror show its type's name only, so that neither
/// `print`, `dump`, string interpolation nor a failed test expectation can
/// show what it holds. (``Secret`` redacts itself the same way.)
public protocol RedactedDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {}

extension RedactedDescription {
    /// The type's name, and that the rest is redacted.
    public var description: String { "\(Self.self)(redacted)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without children.
    public var customMirror: Mirror { Mirror(self, children: [(label: String?, value: Any)]()) }
}
