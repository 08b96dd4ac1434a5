import AuthenticatorDomain
import Crypto
import Foundation
import Keel

/// The Aegis vault (Aegis' `docs/vault.md`): a JSON file whose database is
/// either a plain JSON object or AES-256-GCM ciphertext under a master key,
/// the master key wrapped in password slots by a key that scrypt derives.
///
/// Reading accepts both, database versions 1 to 3 (groups as a name in 1 and
/// 2, as UUIDs in 3). Writing produces a vault of database version 3,
/// encrypted with a password or plain.
public enum AegisVault {
    /// scrypt's cost parameters for a password slot (``ScryptCost``, shared with the vault).
    public typealias ScryptCost = AuthenticatorData.ScryptCost

    // MARK: Reading

    /// The newest database version this reader knows.
    public static let newestDatabase = 3

    /// Reads a vault, decrypting it with `password` when it is encrypted.
    public static func read(_ data: Data, password: String?, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        let database = try database(of: data, password: password)
        if let version = database.int("version"), version > newestDatabase || version < 1 {
            throw .unsupportedVersion(format: .aegis, version: version)
        }
        return ImportReport(entries: try entries(of: database), existing: existing)
    }

    /// The vault's database object, decrypted if needed.
    static func database(of data: Data, password: String?) throws(ImportFizzle) -> JSONObject {
        let damaged = ImportFizzle.damaged(format: .aegis)
        guard let vault = JSONObject(data: data) else { throw damaged }
        guard let version = vault.int("version") else { throw damaged }
        guard version == 1 else { throw .unsupportedVersion(format: .aegis, version: version) }
        if let plain = vault.object("db") { return plain }
        guard let ciphertextText = vault.string("db"), let ciphertext = Data(base64Encoded: ciphertextText),
            let header = vault.object("header"), let slots = header.array("slots"),
            let params = header.object("params"), let nonce = params.string("nonce").flatMap(Hex.decode),
            let tag = params.string("tag").flatMap(Hex.decode)
        else { throw damaged }
        guard let password else { throw .passwordRequired(format: .aegis) }
        let masterKey = try unwrapMasterKey(slots: slots, password: password)
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
            plaintext = try AES.GCM.open(box, using: masterKey)
        } catch {
            throw damaged
        }
        guard let database = JSONObject(data: plaintext) else { throw damaged }
        return database
    }

    /// The most password slots a vault may have. Aegis keeps one (changing
    /// the password replaces it); each costs a scrypt run of up to 256 MiB
    /// and a second or more, so a file with thousands would hold the CPU for hours.
    public static let maximumPasswordSlots = 4

    /// The master key from the first password slot that `password` opens.
    private static func unwrapMasterKey(slots: [Any], password: String) throws(ImportFizzle) -> SymmetricKey {
        let passwordSlots = slots.compactMap(JSONObject.init).filter { $0.int("type") == 1 }
        guard passwordSlots.count <= maximumPasswordSlots else { throw .damaged(format: .aegis) }
        var sawPasswordSlot = false
        for slot in passwordSlots {
            guard let key = slot.string("key").flatMap(Hex.decode),
                let keyParams = slot.object("key_params"),
                let nonce = keyParams.string("nonce").flatMap(Hex.decode),
                let tag = keyParams.string("tag").flatMap(Hex.decode),
                let salt = slot.string("salt").flatMap(Hex.decode),
                let n = slot.int("n"), let r = slot.int("r"), let p = slot.int("p"),
                key.count == 32, nonce.count == 12, tag.count == 16
            else { throw .damaged(format: .aegis) }
            let cost = ScryptCost(n: n, r: r, p: p)
            guard cost.isAcceptable else { throw .damaged(format: .aegis) }
            sawPasswordSlot = true
            let wrappingKey = try derive(password: password, salt: salt, cost: cost)
            do {
                let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: key, tag: tag)
                let master = try AES.GCM.open(box, using: wrappingKey)
                guard master.count == 32 else { throw ImportFizzle.damaged(format: .aegis) }
                return SymmetricKey(data: master)
            } catch {
                continue
            }
        }
        throw sawPasswordSlot ? .wrongPassword(format: .aegis) : .damaged(format: .aegis)
    }

    /// The 256-bit key scrypt derives from `password` and `salt`.
    static func derive(password: String, salt: [UInt8], cost: ScryptCost) throws(ImportFizzle) -> SymmetricKey {
        do {
            return try cost.deriveKey(from: Array(password.utf8), salt: salt)
        } catch {
            throw .damaged(format: .aegis)
        }
    }

    /// One result per entry of the database.
    ///
    /// Throws ``ImportFizzle/damaged(format:)`` when the database has no
    /// list of `entries`, or `groups` that are not a list: a vault of another
    /// shape is not a vault of no accounts.
    static func entries(of database: JSONObject) throws(ImportFizzle) -> [(location: ImportLocation, result: Result<Account, EntryFizzle>)] {
        guard let list = database.array("entries"), database.isNull("groups") || database.array("groups") != nil else {
            throw .damaged(format: .aegis)
        }
        var groupNames: [String: String] = [:]
        for case let group? in (database.array("groups") ?? []).map(JSONObject.init) {
            if let uuid = group.string("uuid"), let name = group.string("name") { groupNames[uuid.lowercased()] = name }
        }
        return list.enumerated().map { index, value in
            (.entry(index + 1), account(JSONObject(value), groupNames: groupNames))
        }
    }

    private static func account(_ entry: JSONObject?, groupNames: [String: String]) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let entry else { throw .notAnEntry }
            guard let info = entry.object("info") else { throw .missingField(.verbatim("info")) }
            let kind: OTPKind
            switch entry.string("type")?.lowercased() {
            case "totp": kind = .totp
            case "hotp": kind = .hotp
            case "steam": kind = .steam
            case nil: throw .missingField("type")
            default: throw .unsupportedKind
            }
            let secret = try EntryFields.base32Secret(info.string("secret"))
            let algorithm = try EntryFields.algorithm(info.string("algo"))
            let digits = try EntryFields.number(info, "digits", field: "number of digits", fallback: 6)
            let period = try EntryFields.number(info, "period", field: "period", fallback: 30)
            var counter: UInt64 = 0
            if kind == .hotp {
                guard !info.isNull("counter") else { throw .missingCounter }
                guard let value = info.int("counter"), value >= 0 else { throw .notANumber(field: "counter") }
                counter = UInt64(value)
            }
            let parameters = try OTPParameters(
                kind: kind, algorithm: algorithm, digits: digits, period: period, counter: counter)
            var groups: [String] = []
            if let uuids = entry.array("groups") {
                groups = uuids.compactMap { ($0 as? String).flatMap { groupNames[$0.lowercased()] } }
            } else if let group = entry.string("group") {
                groups = [group]
            }
            return .success(Account(
                issuer: entry.string("issuer") ?? "", name: entry.string("name") ?? "", secret: secret,
                parameters: parameters, groups: groups, note: entry.string("note") ?? ""))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Writing

    /// Why an Aegis vault cannot carry `account`, or `nil` when it can: Aegis
    /// keeps a counter in a Java `long`, so a counter above 2^63 − 1 does not fit.
    public static func omissionReason(_ account: Account) -> LocalizedText? {
        account.parameters.kind == .hotp && account.parameters.counter > UInt64(Int64.max)
            ? "an Aegis vault cannot store a counter this large" : nil
    }

    /// A vault of `accounts`: encrypted so that `password` opens it, or plain
    /// (the database as a JSON object, as Aegis exports without encryption)
    /// when `password` is `nil`.
    ///
    /// The keys are in the order Aegis writes them (`version`, `header`,
    /// `db`), so that a reader that looks at the start of the file sees the
    /// header first. Every call draws a new master key, salt and nonces.
    /// `cost` is Aegis' own unless a test asks for a cheaper one.
    public static func write(
        _ accounts: [Account], password: String?, cost: ScryptCost = .aegis
    ) throws(ImportFizzle) -> Data {
        let failed = ImportFizzle.exportFailed(format: .aegis)
        guard let password else {
            do {
                return try vault(header: Header(slots: nil, params: nil), db: database(accounts))
            } catch {
                throw failed
            }
        }
        let masterKey = SymmetricKey(size: .bits256)
        let salt = randomBytes(32)
        let wrappingKey = try derive(password: password, salt: salt, cost: cost)
        do {
            let wrapped = try AES.GCM.seal(masterKey.withUnsafeBytes { Array($0) }, using: wrappingKey)
            let sealed = try AES.GCM.seal(try plainDatabase(accounts), using: masterKey)
            let header = Header(
                slots: [
                    .init(
                        type: 1, uuid: UUID().uuidString.lowercased(), key: Hex.encode(wrapped.ciphertext),
                        keyParams: .init(nonce: Hex.encode(wrapped.nonce), tag: Hex.encode(wrapped.tag)),
                        n: cost.n, r: cost.r, p: cost.p, salt: Hex.encode(salt), repaired: true),
                ],
                params: .init(nonce: Hex.encode(sealed.nonce), tag: Hex.encode(sealed.tag)))
            return try vault(header: header, db: sealed.ciphertext.base64EncodedString())
        } catch {
            throw failed
        }
    }

    /// The vault file: `{"version": 1, "header": …, "db": …}`, its three keys
    /// in the order Aegis writes them. JSONEncoder promises no order of keys
    /// (on Linux it does not keep the order of encoding), so the top level is
    /// joined here from the parts it encodes, each with its keys sorted.
    private static func vault(header: Header, db: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var vault = Data(#"{"version":1,"header":"#.utf8)
        vault.append(try encoder.encode(header))
        vault.append(Data(#","db":"#.utf8))
        vault.append(try encoder.encode(db))
        vault.append(Data("}\n".utf8))
        return vault
    }

    /// The database (version 3) of `accounts`, as JSON.
    static func plainDatabase(_ accounts: [Account]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(database(accounts))
    }

    /// The database (version 3) of `accounts`.
    private static func database(_ accounts: [Account]) -> Database {
        var groupIDs: [String: String] = [:]
        var groups: [Group] = []
        for name in accounts.flatMap(\.groups) where groupIDs[name] == nil {
            let uuid = UUID().uuidString.lowercased()
            groupIDs[name] = uuid
            groups.append(Group(uuid: uuid, name: name))
        }
        let entries = accounts.map { account in
            let parameters = account.parameters
            let type = switch parameters.kind {
            case .totp: "totp"
            case .hotp: "hotp"
            case .steam: "steam"
            }
            return Entry(
                type: type, uuid: UUID().uuidString.lowercased(), name: account.name, issuer: account.issuer,
                note: account.note, info: .init(
                    secret: Base32.encode(account.secret.bytes, padding: false), algo: parameters.algorithm.name,
                    digits: parameters.digits, period: parameters.kind == .hotp ? nil : parameters.period,
                    counter: parameters.kind == .hotp ? parameters.counter : nil),
                groups: account.groups.compactMap { groupIDs[$0] })
        }
        return Database(version: 3, entries: entries, groups: groups)
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    // The parts of the vault as written, field names as in docs/vault.md.
    private struct Header: Encodable {
        let slots: [Slot]?
        let params: Params?

        // A plain vault's header holds nulls, as Aegis writes it.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(slots, forKey: .slots)
            try container.encode(params, forKey: .params)
        }

        enum CodingKeys: String, CodingKey {
            case slots, params
        }
    }

    private struct Params: Encodable {
        let nonce: String
        let tag: String
    }

    private struct Slot: Encodable {
        let type: Int
        let uuid: String
        let key: String
        let keyParams: Params
        let n: Int
        let r: Int
        let p: Int
        let salt: String
        let repaired: Bool

        enum CodingKeys: String, CodingKey {
            case type, uuid, key, n, r, p, salt, repaired
            case keyParams = "key_params"
        }
    }

    private struct Database: Encodable {
        let version: Int
        let entries: [Entry]
        let groups: [Group]
    }

    private struct Group: Encodable {
        let uuid: String
        let name: String
    }

    private struct Entry: Encodable {
        let type: String
        let uuid: String
        let name: String
        let issuer: String
        let note: String
        let info: Info
        let groups: [String]

        // Aegis writes every field; an entry we write has no icon and is no favorite.

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(uuid, forKey: .uuid)
            try container.encode(name, forKey: .name)
            try container.encode(issuer, forKey: .issuer)
            try container.encode(note, forKey: .note)
            try container.encode(false, forKey: .favorite)
            try container.encodeNil(forKey: .icon)
            try container.encodeNil(forKey: .iconMime)
            try container.encodeNil(forKey: .iconHash)
            try container.encode(info, forKey: .info)
            try container.encode(groups, forKey: .groups)
        }

        enum CodingKeys: String, CodingKey {
            case type, uuid, name, issuer, note, favorite, icon, info, groups
            case iconMime = "icon_mime"
            case iconHash = "icon_hash"
        }
    }

    private struct Info: Encodable {
        let secret: String
        let algo: String
        let digits: Int
        let period: Int?
        let counter: UInt64?
    }
}

extension ScryptCost {
    /// Aegis' own: N = 2^15, r = 8, p = 1.
    public static let aegis = ScryptCost(n: 32_768, r: 8, p: 1)
}
