import AuthenticatorDomain
import Crypto
import Foundation
import Security
import _CryptoExtras

/// Keeps the vault's data key in the Keychain, **wrapped** by the passphrase.
///
/// The choice: the key is sealed (AES-256-GCM) with a key that scrypt derives
/// from the passphrase, and the sealed key is kept in a generic-password item
/// readable only while the device is unlocked and never leaving it
/// (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: not in backups, not
/// synchronised). Two locks, then: the Keychain's (the device and its
/// passcode) and the passphrase's. A key only *gated* by the passphrase (kept
/// in clear in the Keychain, the passphrase merely compared) would fall to
/// anyone who reads the Keychain, so it is not done. The cost: a vault
/// restored on another device cannot be opened there (export first).
///
/// The item also holds scrypt's salt and cost and the wrong-passphrase count
/// with the moment of the last wrong one, so that the delay
/// (``Passphrase/delay(afterFailures:)``) survives the process; a success
/// resets the count. Changing the passphrase seals the same key anew: the
/// entries are not re-encrypted.
///
/// The vault file keeps what the vault worker reads: the key check, sealed
/// with the data key. The file's own key worker (`file`) creates the key and
/// that check; the copy of the key it keeps is sealed by a random one-time
/// passphrase that is forgotten at once, so the file alone opens nothing.
///
/// Nothing here logs or shows the key, a passphrase or a salt.
actor KeychainKeyWorker: VaultKeyWork {
    /// The Keychain service of the item (one vault per app).
    static let service = "dev.keel.authenticator.vault-key"
    /// The Keychain account of the item.
    static let account = "data-key"
    /// scrypt's cost for a new wrapping: N = 2^15, r = 8, p = 1 (32 MiB), the
    /// vault file's standard cost.
    static let cost = ScryptParameters(n: 1 << 15, r: 8, p: 1)

    private let file: any VaultKeyWork
    private let service: String
    private let cost: ScryptParameters

    /// A worker keeping the key in the item of `service`, the key check in
    /// the vault file through `file` (the file's own key worker).
    init(file: any VaultKeyWork, service: String = KeychainKeyWorker.service, cost: ScryptParameters = KeychainKeyWorker.cost) {
        self.file = file
        self.service = service
        self.cost = cost
    }

    func keyExists() async throws(VaultFizzle) -> Bool {
        let fileHasKey = try await file.keyExists()
        guard try Keychain.read(service: service) != nil else { return fileHasKey }
        if !fileHasKey {
            // An item left by an earlier installation whose vault file is gone.
            try Keychain.delete(service: service)
        }
        return fileHasKey
    }

    func createKey(passphrase: String) async throws(VaultFizzle) -> DataKey {
        if let problem = Passphrase.problem(with: passphrase) { throw problem }
        guard try await !keyExists() else { throw .vaultExists }
        let key = try await file.createKey(passphrase: Self.oneTimePassphrase())
        let item = try WrappedKey(sealing: key, passphrase: passphrase, cost: cost)
        try Keychain.add(item.encoded(), service: service)
        return key
    }

    /// On the device every try is the owner's (no unknown client reaches
    /// this worker): all are counted in the item.
    func openKey(passphrase: String, at moment: Date, by typist: PassphraseTry) async throws(VaultFizzle) -> DataKey {
        try await unwrap(passphrase: passphrase, at: moment).key
    }

    func changePassphrase(from oldPassphrase: String, to newPassphrase: String, at moment: Date) async throws(VaultFizzle) {
        if let problem = Passphrase.problem(with: newPassphrase) { throw problem }
        let (key, _) = try await unwrap(passphrase: oldPassphrase, at: moment)
        let item = try WrappedKey(sealing: key, passphrase: newPassphrase, cost: cost)
        try Keychain.update(item.encoded(), service: service)
    }

    // MARK: Plumbing

    /// The key `passphrase` unwraps, with the item it came from; counts a
    /// wrong passphrase, and refuses to try while the delay after earlier
    /// wrong ones runs.
    private func unwrap(passphrase: String, at moment: Date) async throws(VaultFizzle) -> (key: DataKey, item: WrappedKey) {
        guard let data = try Keychain.read(service: service) else {
            // A vault file without its item (restored on another device): it cannot be opened.
            let fileHasKey = try await file.keyExists()
            throw fileHasKey ? .storageFailed : .noVault
        }
        var item = try WrappedKey(decoding: data)
        if let seconds = item.secondsToWait(at: moment) { throw .tryAgainLater(seconds: seconds) }
        guard let key = try item.open(passphrase: passphrase) else {
            item.failureCount += 1
            item.lastFailure = moment.timeIntervalSince1970
            try Keychain.update(item.encoded(), service: service)
            throw .wrongPassphrase
        }
        if item.failureCount != 0 {
            item.failureCount = 0
            item.lastFailure = nil
            try Keychain.update(item.encoded(), service: service)
        }
        return (key, item)
    }

    /// A random passphrase of 256 bits for the file's copy of the key, used once.
    private static func oneTimePassphrase() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}

/// scrypt's cost parameters (RFC 7914).
struct ScryptParameters: Codable, Equatable, Sendable {
    /// The CPU and memory cost, a power of two.
    let n: Int
    /// The block size.
    let r: Int
    /// The parallelism.
    let p: Int

    /// Whether a stored cost may be used: N a power of two up to 2^20 and at
    /// most 256 MiB, so that a damaged item cannot exhaust the device.
    var isAcceptable: Bool {
        n >= 2 && n <= 1 << 20 && n & (n - 1) == 0 && (1...32).contains(r) && (1...16).contains(p)
            && 128 * n * r * p <= 256 << 20
    }
}

/// What the Keychain item holds: the data key sealed by the passphrase's
/// key, how to derive that key, and the wrong-passphrase count.
struct WrappedKey: Codable, Sendable {
    /// The layout's version.
    var version = 1
    /// The data key sealed with the passphrase's key (AES-GCM, combined form).
    var sealedKey: Data
    /// scrypt's salt.
    var salt: Data
    /// scrypt's cost.
    var cost: ScryptParameters
    /// Wrong passphrases in a row.
    var failureCount = 0
    /// When the last wrong passphrase was tried (seconds since 1970).
    var lastFailure: Double?

    /// `key` sealed with the key scrypt derives from `passphrase` and a new salt.
    init(sealing key: DataKey, passphrase: String, cost: ScryptParameters) throws(VaultFizzle) {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        do {
            let wrapping = try Self.derive(passphrase, salt: salt, cost: cost)
            guard let sealed = try AES.GCM.seal(key.bytes, using: wrapping).combined else { throw VaultFizzle.storageFailed }
            self.init(sealedKey: sealed, salt: salt, cost: cost)
        } catch {
            throw .storageFailed
        }
    }

    private init(sealedKey: Data, salt: Data, cost: ScryptParameters) {
        self.sealedKey = sealedKey
        self.salt = salt
        self.cost = cost
    }

    /// The item read back from the Keychain.
    init(decoding data: Data) throws(VaultFizzle) {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .storageFailed
        }
        guard version == 1, cost.isAcceptable else { throw .storageFailed }
    }

    /// The item as stored.
    func encoded() throws(VaultFizzle) -> Data {
        do {
            return try JSONEncoder().encode(self)
        } catch {
            throw .storageFailed
        }
    }

    /// The data key, or `nil` when `passphrase` does not open it.
    func open(passphrase: String) throws(VaultFizzle) -> DataKey? {
        let wrapping: SymmetricKey
        do {
            wrapping = try Self.derive(passphrase, salt: salt, cost: cost)
        } catch {
            throw .storageFailed
        }
        guard let box = try? AES.GCM.SealedBox(combined: sealedKey),
              let bytes = try? AES.GCM.open(box, using: wrapping), bytes.count == 32
        else { return nil }
        return DataKey(bytes: Array(bytes))
    }

    /// The whole seconds (rounded up) left of the delay after the wrong
    /// passphrases counted, or `nil` when a try may go ahead. Never more than
    /// the delay itself, so that a clock set back cannot lock one out.
    func secondsToWait(at moment: Date) -> Int? {
        let delay = Passphrase.delay(afterFailures: failureCount)
        guard delay > 0, let lastFailure else { return nil }
        let remaining = min(delay, lastFailure + delay - moment.timeIntervalSince1970)
        guard remaining > 0 else { return nil }
        return Int(remaining.rounded(.up))
    }

    /// The 256-bit key scrypt derives from `passphrase` (UTF-8 in Unicode
    /// form C, as the vault file does) and `salt`.
    private static func derive(_ passphrase: String, salt: Data, cost: ScryptParameters) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(
            from: Array(passphrase.precomposedStringWithCanonicalMapping.utf8), salt: salt,
            outputByteCount: 32, rounds: cost.n, blockSize: cost.r, parallelism: cost.p)
    }
}

/// The four Keychain calls on the one generic-password item of a service.
enum Keychain {
    /// The query naming the item of `service`.
    private static func query(service: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainKeyWorker.account
        ]
    }

    /// The item's data, or `nil` when there is no item.
    static func read(service: String) throws(VaultFizzle) -> Data? {
        var query = query(service: service)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw .storageFailed }
        return data
    }

    /// Adds the item; there must be none.
    static func add(_ data: Data, service: String) throws(VaultFizzle) {
        var attributes = query(service: service)
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem { throw .vaultExists }
        guard status == errSecSuccess else { throw .storageFailed }
    }

    /// Replaces the item's data.
    static func update(_ data: Data, service: String) throws(VaultFizzle) {
        let status = SecItemUpdate(query(service: service) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        guard status == errSecSuccess else { throw .storageFailed }
    }

    /// Deletes the item, if there is one.
    static func delete(service: String) throws(VaultFizzle) {
        let status = SecItemDelete(query(service: service) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw .storageFailed }
    }
}
