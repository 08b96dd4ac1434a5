import AuthenticatorDomain
import Crypto
import Foundation
import GRDB
import Keel

/// Keeps the vault's data key in the vault's own file, wrapped (AES-256-GCM)
/// by a key that scrypt derives from the passphrase.
///
/// The `vaultKey` row holds the wrapped key, scrypt's salt and cost, a value
/// sealed with the data key (to tell a right key from a wrong one later) and
/// the wrong-passphrase count with the moment of the last wrong one. The count
/// lives in the file, not in memory, so that the command line, run once per
/// try, is slowed down like the app.
///
/// scrypt runs outside any transaction of the vault's file, so that it never
/// holds the vault's lock: only the unlock gate (``VaultUnlockGate``), which
/// nothing but other unlock tries waits for.
///
/// Unknown clients' wrong passphrases (``PassphraseTry/unknownClient``) are
/// counted apart, in memory: they wait for their own count's delay and for
/// the vault's, and never add to the vault's, so that nobody without the
/// owner's key can delay the owner's tries.
public struct VaultKeyWorker: VaultKeyWork, CustomStringConvertible {
    private let database: VaultDatabase
    private let cost: ScryptCost
    /// Unknown clients' wrong passphrases: how many, and the moment of the
    /// last (seconds since 1970). Read and written under the unlock gate.
    private let unknownFailures = Locked((count: 0, last: Double?.none))

    /// A worker on `database`, deriving new wrapping keys at `cost`
    /// (``ScryptCost/standard`` for people's passphrases; a small one for tests).
    /// Opening uses the cost stored with the key, whatever `cost` is.
    public init(database: VaultDatabase, cost: ScryptCost = .standard) {
        self.database = database
        self.cost = cost
    }

    /// The database and the cost.
    public var description: String { "VaultKeyWorker(\(database), \(cost))" }

    public func keyExists() async throws(VaultFizzle) -> Bool {
        try await database.read("Checking whether a vault key exists") { db in
            try VaultKeyRecord.exists(db, key: 1)
        }
    }

    public func createKey(passphrase: String) async throws(VaultFizzle) -> DataKey {
        if let problem = Passphrase.problem(with: passphrase) { throw problem }
        // Checked before scrypt's work, and again in the transaction that inserts.
        guard try await !keyExists() else { throw .vaultExists }
        let dataKey = VaultSealing.randomBytes(VaultSealing.keyByteCount)
        let record: VaultKeyRecord
        do {
            let wrapping = try wrap(dataKey, passphrase: passphrase)
            record = VaultKeyRecord(
                wrappedKey: wrapping.wrappedKey, salt: wrapping.salt, scryptN: cost.n, scryptR: cost.r, scryptP: cost.p,
                keyCheck: try VaultSealing.seal(VaultSealing.keyCheckPlaintext, with: SymmetricKey(data: dataKey)),
                failureCount: 0, lastFailure: nil)
        } catch {
            throw database.fizzle(for: error, operation: "Sealing a new vault key")
        }
        try await database.write("Saving a new vault key") { db in
            guard try !VaultKeyRecord.exists(db, key: 1) else { throw VaultFizzle.vaultExists }
            try record.insert(db)
        }
        return DataKey(bytes: dataKey)
    }

    public func openKey(passphrase: String, at moment: Date, by typist: PassphraseTry) async throws(VaultFizzle) -> DataKey {
        try await unwrap(passphrase: passphrase, at: moment, by: typist).key
    }

    public func changePassphrase(
        from oldPassphrase: String, to newPassphrase: String, at moment: Date
    ) async throws(VaultFizzle) {
        if let problem = Passphrase.problem(with: newPassphrase) { throw problem }
        let (key, oldWrappedKey) = try await unwrap(passphrase: oldPassphrase, at: moment)
        let wrapping: (wrappedKey: Data, salt: Data)
        do {
            wrapping = try wrap(key.bytes, passphrase: newPassphrase)
        } catch {
            throw database.fizzle(for: error, operation: "Wrapping the vault key anew")
        }
        try await save(wrapping, over: oldWrappedKey)
    }

    /// Saves `wrapping` as the key's wrapping, only over `oldWrappedKey`:
    /// another process may have changed the passphrase since it was read, and
    /// then this change is refused as ``VaultFizzle/passphraseChangedElsewhere``.
    func save(_ wrapping: (wrappedKey: Data, salt: Data), over oldWrappedKey: Data) async throws(VaultFizzle) {
        let cost = cost
        try await database.write("Saving the rewrapped vault key") { db in
            try db.execute(
                sql: """
                    UPDATE vaultKey SET wrappedKey = ?, salt = ?, scryptN = ?, scryptR = ?, scryptP = ?
                    WHERE id = 1 AND wrappedKey = ?
                    """,
                arguments: [wrapping.wrappedKey, wrapping.salt, cost.n, cost.r, cost.p, oldWrappedKey])
            guard db.changesCount == 1 else { throw VaultFizzle.passphraseChangedElsewhere }
        }
    }

    // MARK: Plumbing

    /// The data key that `passphrase` unwraps, and the wrapped key it came
    /// from; counts a wrong passphrase, and refuses to try while the delay
    /// after earlier wrong ones runs.
    ///
    /// The whole try, scrypt included, runs under the vault's
    /// ``VaultUnlockGate``: tries sent at once (several tabs, a script) are
    /// counted one after another, each seeing the failures before it, and a
    /// try counts only once its outcome is known, so that a process killed
    /// while it runs scrypt leaves nothing counted.
    private func unwrap(
        passphrase: String, at moment: Date, by typist: PassphraseTry = .owner
    ) async throws(VaultFizzle) -> (key: DataKey, wrappedKey: Data) {
        let writer = database.writer
        let seconds = moment.timeIntervalSince1970
        let unknownFailures = unknownFailures
        return try await database.underGate("Unwrapping the vault key") {
            guard let stored = try writer.read({ db in try VaultKeyRecord.fetchOne(db, key: 1) }) else {
                throw VaultFizzle.noVault
            }
            if let wait = Self.secondsToWait(afterFailures: stored.failureCount, lastFailure: stored.lastFailure, at: moment) {
                throw VaultFizzle.tryAgainLater(seconds: wait)
            }
            if typist == .unknownClient {
                let (count, last) = unknownFailures.withLock { $0 }
                if let wait = Self.secondsToWait(afterFailures: count, lastFailure: last, at: moment) {
                    throw VaultFizzle.tryAgainLater(seconds: wait)
                }
            }
            guard stored.cost.isAcceptable else { throw UnacceptableCost(cost: stored.cost) }
            let wrappingKey = try stored.cost.deriveKey(
                from: VaultSealing.passphraseBytes(passphrase), salt: Array(stored.salt))
            guard let bytes = try? VaultSealing.open(stored.wrappedKey, with: wrappingKey),
                bytes.count == VaultSealing.keyByteCount
            else {
                switch typist {
                case .owner:
                    try writer.write { db in
                        try db.execute(
                            sql: "UPDATE vaultKey SET failureCount = failureCount + 1, lastFailure = ? WHERE id = 1",
                            arguments: [seconds])
                    }
                case .unknownClient:
                    unknownFailures.withLock { $0 = ($0.count + 1, seconds) }
                }
                throw VaultFizzle.wrongPassphrase
            }
            // The owner's success leaves unknown clients' count as it is: it
            // slows their guessing, whoever else comes in.
            if typist == .unknownClient { unknownFailures.withLock { $0 = (0, nil) } }
            if stored.failureCount > 0 {
                try writer.write { db in
                    try db.execute(sql: "UPDATE vaultKey SET failureCount = 0, lastFailure = NULL WHERE id = 1")
                }
            }
            return (DataKey(bytes: bytes), stored.wrappedKey)
        }
    }

    /// How many whole seconds (rounded up) remain of the delay after
    /// `failures` wrong passphrases, the last at `lastFailure`, or `nil` when a try may go ahead. Never more
    /// than the delay itself, so that a clock set back cannot lock one out.
    static func secondsToWait(afterFailures failures: Int, lastFailure: Double?, at moment: Date) -> Int? {
        let delay = Passphrase.delay(afterFailures: failures)
        guard delay > 0, let lastFailure else { return nil }
        let remaining = min(delay, lastFailure + delay - moment.timeIntervalSince1970)
        guard remaining > 0 else { return nil }
        return Int(remaining.rounded(.up))
    }

    /// `dataKey` sealed with the key scrypt derives from `passphrase` and a
    /// new random salt, at this worker's cost.
    private func wrap(_ dataKey: [UInt8], passphrase: String) throws -> (wrappedKey: Data, salt: Data) {
        let salt = VaultSealing.randomBytes(VaultSealing.keyByteCount)
        let wrappingKey = try cost.deriveKey(from: VaultSealing.passphraseBytes(passphrase), salt: salt)
        return (try VaultSealing.seal(dataKey, with: wrappingKey), Data(salt))
    }

    /// The stored scrypt cost is out of the accepted range (a damaged or hostile file).
    struct UnacceptableCost: Error, CustomStringConvertible {
        let cost: ScryptCost
        var description: String { "the stored key's cost is not acceptable: \(cost)" }
    }
}
