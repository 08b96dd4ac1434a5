import Crypto
import Foundation

/// How the vault seals: AES-256-GCM, stored in the combined form (12-byte
/// random nonce, ciphertext, 16-byte tag), without associated data.
///
/// Secrets are sealed with the data key; the data key is sealed ("wrapped")
/// with the key scrypt derives from the passphrase; a known value sealed with
/// the data key (the key check) tells a right data key from a wrong one.
enum VaultSealing {
    /// The plaintext of the key check.
    static let keyCheckPlaintext = Array("Keel vault key check".utf8)

    /// The number of bytes of a salt and of a data key.
    static let keyByteCount = 32

    /// Why sealing or opening failed (the bytes are never part of it).
    enum Failure: Error, CustomStringConvertible {
        /// The sealed bytes are not AES-GCM's combined form, or the tag does not match the key.
        case cannotOpen
        /// A data key with the wrong number of bytes.
        case badKeyLength
        /// AES-GCM gave no combined form (only for a nonce of another size than 12 bytes).
        case cannotSeal

        var description: String {
            switch self {
            case .cannotOpen: "the sealed value does not open with this key"
            case .badKeyLength: "the data key does not have 32 bytes"
            case .cannotSeal: "AES-GCM gave no combined form"
            }
        }
    }

    /// `count` bytes from the system's secure random generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// `plaintext` sealed with `key` under a fresh random nonce.
    static func seal(_ plaintext: [UInt8], with key: SymmetricKey) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw Failure.cannotSeal }
        return combined
    }

    /// The plaintext of `sealed`, or ``Failure/cannotOpen`` when `key` does not open it.
    static func open(_ sealed: Data, with key: SymmetricKey) throws(Failure) -> [UInt8] {
        do {
            return try Array(AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key))
        } catch {
            throw .cannotOpen
        }
    }

    /// The symmetric key of a data key, checking its length.
    static func symmetricKey(_ bytes: [UInt8]) throws(Failure) -> SymmetricKey {
        guard bytes.count == keyByteCount else { throw .badKeyLength }
        return SymmetricKey(data: bytes)
    }

    /// The bytes scrypt reads from a passphrase: its UTF-8 in Unicode
    /// normalization form C, so that "é" typed as one or as two code points
    /// opens the same vault.
    static func passphraseBytes(_ passphrase: String) -> [UInt8] {
        Array(passphrase.precomposedStringWithCanonicalMapping.utf8)
    }
}
