import AuthenticatorDomain
import Crypto
import Foundation

/// The keyed hash that stands for an account's identity (``Account/identity``:
/// secret, issuer and name) in the vault's unique index, so that the index
/// never holds a secret in clear.
///
/// HMAC-SHA256 under a key derived (HKDF-SHA256) from the data key: without
/// the data key, a tag tells nothing about the secret, and two vaults tag one
/// account differently. The issuer and name are hashed in Unicode
/// normalization form C, as Swift compares strings; each field is preceded by
/// its length, so that no two identities hash the same bytes.
enum AccountIdentityTag {
    /// The tag of `account`'s identity under the data key `key`.
    static func tag(of account: Account, key: SymmetricKey) -> Data {
        let tagKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: key, info: Array("Keel vault account identity".utf8), outputByteCount: 32)
        var message: [UInt8] = []
        for field in [
            account.secret.bytes, Array(account.issuer.precomposedStringWithCanonicalMapping.utf8),
            Array(account.name.precomposedStringWithCanonicalMapping.utf8),
        ] {
            withUnsafeBytes(of: UInt64(field.count).bigEndian) { message.append(contentsOf: $0) }
            message.append(contentsOf: field)
        }
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: tagKey))
    }
}
