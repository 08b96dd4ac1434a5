import Crypto
import _CryptoExtras

/// scrypt's cost parameters (RFC 7914): how much work and memory turning a
/// passphrase into a key takes.
///
/// Both the vault and Aegis' password slots use it. A small cost makes tests
/// fast; ``standard`` is for people's passphrases.
public struct ScryptCost: Hashable, Sendable, CustomStringConvertible {
    /// The CPU and memory cost N, a power of two.
    public let n: Int
    /// The block size r.
    public let r: Int
    /// The parallelism p.
    public let p: Int

    /// Creates a cost.
    public init(n: Int, r: Int, p: Int) {
        self.n = n
        self.r = r
        self.p = p
    }

    /// The cost for a person's passphrase: N = 2^15, r = 8, p = 1 (32 MiB).
    public static let standard = ScryptCost(n: 1 << 15, r: 8, p: 1)

    /// A low cost, N = 2^10, for vaults that live in memory (the demo phase,
    /// tests and previews), which then unlock at once. Never for a file.
    public static let demo = ScryptCost(n: 1 << 10, r: 8, p: 1)

    /// The parameters in one line ("scrypt N=32768 r=8 p=1").
    public var description: String { "scrypt N=\(n) r=\(r) p=\(p)" }

    /// Whether the cost is one a reader accepts from a file: N a power of two
    /// up to 2^20, and at most 256 MiB of memory, so that a hostile or damaged
    /// file cannot exhaust the device.
    var isAcceptable: Bool {
        n >= 2 && n <= 1 << 20 && n & (n - 1) == 0 && (1...32).contains(r) && (1...16).contains(p)
            && 128 * n * r * p <= 256 << 20
    }

    /// The 256-bit key scrypt derives from `secret` and `salt` at this cost.
    func deriveKey(from secret: [UInt8], salt: [UInt8]) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(
            from: secret, salt: salt, outputByteCount: 32, rounds: n, blockSize: r, parallelism: p)
    }
}
