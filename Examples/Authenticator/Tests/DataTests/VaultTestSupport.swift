import AuthenticatorData
import AuthenticatorDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// What the vault tests share: a cheap scrypt cost, passphrases, accounts and
/// a folder that is removed afterwards.
enum VaultTesting {
    /// scrypt at a cost that takes milliseconds (the app's is ``ScryptCost/standard``).
    static let cheap = ScryptCost(n: 1024, r: 8, p: 1)
    static let passphrase = "correct horse battery"
    static let otherPassphrase = "staple and more staple"
    static let moment = Date(timeIntervalSince1970: 1_800_000_000)

    /// Secrets chosen to be easy to search for in the file's bytes.
    static let secrets: [Secret] = [
        Secret(bytes: Array("Vault-Secret-Number-One!".utf8)),
        Secret(bytes: Array("Second vault secret, 30 bytes".utf8)),
        Secret(bytes: (0..<40).map { UInt8(200 - $0) }),
    ]

    static let accounts: [Account] = [
        Account(issuer: "Example", name: "alice@example.com", secret: secrets[0], groups: ["Work"], note: "first"),
        Account(
            issuer: "Bank 은행", name: "김철수", secret: secrets[1],
            parameters: parameters(kind: .hotp, algorithm: .sha256, digits: 7, counter: UInt64.max - 1),
            groups: ["Work", "Money"]),
        Account(issuer: "Steam", name: "gaben", secret: secrets[2], parameters: .steam),
    ]

    static func parameters(
        kind: OTPKind = .totp, algorithm: OTPAlgorithm = .sha1, digits: Int = 6, period: Int = 30, counter: UInt64 = 0
    ) -> OTPParameters {
        (try? OTPParameters(kind: kind, algorithm: algorithm, digits: digits, period: period, counter: counter))
            ?? .defaultTOTP
    }

    /// Runs `body` with a new empty folder, removed afterwards whatever happens.
    static func inFolder<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("keel-vault-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// The names in `folder`, sorted.
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A new in-memory vault with a key, and its workers.
    static func makeVault(logbook: any Logbook = SilentLogbook()) async throws -> (VaultKeyWorker, VaultWorker, DataKey) {
        let database = try VaultDatabase(logbook: logbook)
        let keys = VaultKeyWorker(database: database, cost: cheap)
        let key = try await keys.createKey(passphrase: passphrase)
        return (keys, VaultWorker(database: database), key)
    }
}

/// Whether `body` throws exactly `expected`.
func expectFizzle<Value>(
    _ expected: VaultFizzle, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Value
) async {
    do {
        _ = try await body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? VaultFizzle == expected, sourceLocation: sourceLocation)
    }
}

/// Looks at a vault file from outside the workers: its rows and its bytes.
enum VaultFileBytes {
    /// The stored sealed values of the vault in `file`.
    struct Rows: Equatable {
        var sealedSecrets: [Data]
        var keyCheck: Data
        var salt: Data
        var wrappedKey: Data
    }

    static func queue(_ file: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return try DatabaseQueue(path: file.path, configuration: configuration)
    }

    static func rows(of file: URL) throws -> Rows {
        try queue(file).read { db in
            let key = try Row.fetchOne(db, sql: "SELECT keyCheck, salt, wrappedKey FROM vaultKey")
            return Rows(
                sealedSecrets: try Data.fetchAll(db, sql: "SELECT sealedSecret FROM account ORDER BY id"),
                keyCheck: key?["keyCheck"] ?? Data(), salt: key?["salt"] ?? Data(),
                wrappedKey: key?["wrappedKey"] ?? Data())
        }
    }

    static func execute(_ sql: String, in file: URL) throws {
        try queue(file).write { db in try db.execute(sql: sql) }
    }

    /// The bytes of every file in `folder` (the database, its WAL and shared memory).
    static func all(in folder: URL) throws -> [(name: String, bytes: Data)] {
        try VaultTesting.names(in: folder).map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}
