import Foundation

/// Where a ``Vessel`` keeps the vault (article 002's phases).
public enum Phase: Sendable, Equatable {
    /// The vault file in the data directory, with scrypt at its full cost.
    case device
    /// Nothing on disk: an in-memory vault, for demos and UI tests. It
    /// starts without a vault, as a first launch does.
    case mocked
}
