// Prints the Authenticator's figures: one-time codes per second for each
// algorithm next to the raw HMAC-SHA1 of an 8-byte counter (the physical
// limit), an encrypted Aegis vault of 1,000 entries written and read (scrypt
// apart), and reading a 1,000-URI text and a 100-page migration batch.
//
//   swift run -c release AuthenticatorBenchmark [--quick]
//
// Then the vault and the account list of 1,000 accounts: unlocking, opening
// to the first list state, a search keystroke, a tick and a period boundary.
//
// --quick runs a few iterations only, to check that it runs (figures of a
// debug build or a quick run mean nothing).
import AuthenticatorData
import AuthenticatorDomain
import Crypto
import Foundation
import _CryptoExtras

let quick = CommandLine.arguments.contains("--quick")
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best of `rounds` timings of `body`, to keep other load on the machine out of the figure.
func best(rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<rounds {
        let start = clock.now
        try body()
        fastest = min(fastest, seconds(clock.now - start))
    }
    return fastest
}

func row(_ label: String, _ value: String) {
    print(label.padding(toLength: 52, withPad: " ", startingAt: 0) + value)
}

func rate(_ count: Int, _ time: Double) -> String {
    String(format: "%12.0f /s  (%.0f ns each)", Double(count) / time, time / Double(count) * 1e9)
}

var sink = 0
let codes = quick ? 2_000 : 500_000
let rounds = quick ? 1 : 5
let secret = Secret(bytes: Array("12345678901234567890".utf8))

print("Authenticator benchmark\(quick ? " (quick: figures not meaningful)" : "")")
print("")
let rawKey = SymmetricKey(data: secret.bytes)
let raw = best(rounds: rounds) {
    for counter in 0..<UInt64(codes) {
        withUnsafeBytes(of: counter.bigEndian) { bytes in
            let mac = HMAC<Insecure.SHA1>.authenticationCode(for: bytes, using: rawKey)
            sink &+= mac.withUnsafeBytes { Int($0[19]) }
        }
    }
}
row("raw HMAC-SHA1 of an 8-byte counter", rate(codes, raw))
var sha1Time = 0.0
for algorithm in OTPAlgorithm.allCases {
    let time = best(rounds: rounds) {
        for step in 0..<UInt64(codes) {
            sink &+= OTPGenerator.totp(
                secret: secret, algorithm: algorithm, digits: 6, period: 30, unixTime: step * 30
            ).utf8.count
        }
    }
    if algorithm == .sha1 { sha1Time = time }
    row("TOTP \(algorithm.name), 6 digits", rate(codes, time))
}
row("TOTP SHA1 against raw HMAC-SHA1", String(format: "%12.2f×", sha1Time / raw))
let steam = best(rounds: rounds) {
    for step in 0..<UInt64(codes) { sink &+= OTPGenerator.steam(secret: secret, unixTime: step * 30).utf8.count }
}
row("Steam Guard", rate(codes, steam))
print("")

let entries = quick ? 50 : 1_000
let accounts = (0..<entries).map { index in
    Account(
        issuer: "Issuer \(index)", name: "user\(index)@example.com",
        secret: Secret(bytes: (0..<20).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }),
        groups: index % 3 == 0 ? ["Work"] : [])
}
let vaultRounds = quick ? 1 : 3
let salt = [UInt8](repeating: 7, count: 32)
let scrypt = try best(rounds: vaultRounds) {
    let key = try KDF.Scrypt.deriveKey(
        from: Array("password".utf8), salt: salt, outputByteCount: 32, rounds: 32_768, blockSize: 8, parallelism: 1)
    sink &+= key.bitCount
}
row("scrypt N=2^15 r=8 p=1 (once per write or read)", String(format: "%12.1f ms", scrypt * 1e3))
var vault = Data()
let write = try best(rounds: vaultRounds) { vault = try AegisVault.write(accounts, password: "password") }
row("Aegis vault of \(entries) entries: write", String(format: "%12.1f ms (%.1f ms without scrypt)", write * 1e3, (write - scrypt) * 1e3))
let read = try best(rounds: vaultRounds) {
    let report = try AegisVault.read(vault, password: "password", existing: [])
    precondition(report.newAccounts.count == entries)
}
row("Aegis vault of \(entries) entries: read", String(format: "%12.1f ms (%.1f ms without scrypt)", read * 1e3, (read - scrypt) * 1e3))
print("")

let text = OTPAuthText.write(accounts)
let textTime = best(rounds: rounds) {
    precondition(OTPAuthText.read(text, existing: []).newAccounts.count == entries)
}
row("otpauth text of \(entries) URIs: read", String(format: "%12.2f ms (%.1f µs a URI)", textTime * 1e3, textTime / Double(entries) * 1e6))
let pages = GoogleMigration.write(accounts, batchID: 1).pages.map { String(decoding: $0, as: UTF8.self) }
let migration = try best(rounds: rounds) {
    let report = try GoogleMigration.read(pages, existing: [])
    precondition(report.newAccounts.count == entries)
}
row("migration batch of \(pages.count) URIs (\(entries) accounts): read", String(format: "%12.2f ms", migration * 1e3))
if sink == 42 { print("") }
print("")
try await listFigures(accounts: accounts, quick: quick)
if sink == 43 { print("") }
