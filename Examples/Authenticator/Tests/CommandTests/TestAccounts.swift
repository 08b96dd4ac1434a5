import Foundation

/// Accounts made up for the process tests: each a link with a secret of its own.
enum TestAccounts {
    /// Base32's alphabet.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    /// The secret of account `index` of `batch`: 32 Base32 letters (20 bytes), different for each.
    static func secret(_ index: Int, batch: Int = 0) -> String {
        var digits: [Character] = []
        var value = index + batch * 1_000_000
        for _ in 0..<8 {
            digits.append(alphabet[value % 32])
            value /= 32
        }
        return "KEELTEST" + String(digits) + "QRSTUVWXYZ234567"
    }

    /// The otpauth link of account `index` of `batch`, issued by `issuer`.
    static func link(_ index: Int, batch: Int = 0, issuer: String) -> String {
        "otpauth://totp/\(issuer):n\(index)?secret=\(secret(index, batch: batch))&issuer=\(issuer)"
    }

    /// The lines of `list`: identifier, code, seconds left or counter, issuer, name.
    static func rows(_ output: String) -> [[String]] {
        output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

/// A generator of random moments that a failing test can replay: its seed is in the messages.
struct SeededMoments {
    let seed: UInt64
    private var state: UInt64

    init(seed: UInt64 = UInt64.random(in: 1...UInt64.max)) {
        self.seed = seed
        state = seed
    }

    /// A duration between `lower` and `upper` (SplitMix64).
    mutating func next(between lower: Duration, and upper: Duration) -> Duration {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let fraction = Double(z >> 11) / Double(1 << 53)
        return lower + (upper - lower) * fraction
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
