import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

/// Feeds one known secret through every failure path of the readers and
/// writers, and searches every message, reason, note, description and
/// logbook line for it.
@Suite("No secret in any message", .timeLimit(.minutes(5)))
struct SecretLeakTests {
    static let bytes = Array("Leaky-Secret-Bytes-42".utf8)
    static let base32 = Base32.encode(bytes, padding: false)

    /// Every form of the secret a message could carry.
    static let forms: [String] = {
        let raw = String(decoding: bytes, as: UTF8.self)
        return [
            raw, base32, base32.lowercased(), Base32.encode(bytes), String(base32.prefix(8)),
            String(base32.dropFirst(8).prefix(8)), Hex.lowercase(bytes), Data(bytes).base64EncodedString(),
            String(raw.prefix(8)), bytes.map(String.init).joined(separator: ", "),
        ]
    }()

    /// The secret with one character Base32 does not use spliced in.
    static let broken = String(base32.prefix(10)) + "1" + String(base32.dropFirst(10))

    static var uris: [String] {
        let s = base32
        return [
            "otpauth://totp/A:b?secret=\(s)&digits=9", "otpauth://totp/A:b?secret=\(s)&period=0",
            "otpauth://totp/A:b?secret=\(s)&algorithm=MD5", "otpauth://hotp/A:b?secret=\(s)",
            "otpauth://hotp/A:b?secret=\(s)&counter=x", "otpauth://motp/A:b?secret=\(s)",
            "otpauth://totp/A%ZZ?secret=\(s)", "otpauth://totp/A:b?secret=\(broken)",
            "otpauth://totp/A:b?secret=\(s)A", "otpauth://totp/A:b?secret=\(s)%G",
            "otpauth://totp/A:b?secret=\(s)&digits=\(s)", "otpauth://totp/A:b?secret=\(s)&period=\(s)",
            "otpauth://hotp/A:b?secret=\(s)&counter=\(s)", "otpauth://totp/A:b?secret=\(s)&algorithm=\(s)",
            "otpauth://\(s)/A:b?secret=\(s)", "https://\(s)", "otpauth://\(s)", "otpauth-migration://offline?data=\(s)",
        ]
    }

    static func jsonEntries(_ make: (String) -> String) -> String {
        "[" + [make("\"secret\": \"\(base32)\", \"digits\": 9"), make("\"secret\": \"\(broken)\""),
               make("\"secret\": \"\(base32)\", \"algorithm\": \"\(base32)\", \"algo\": \"\(base32)\""),
               make("\"secret\": \"\(base32)\", \"period\": \"\(base32)\""),
               make("\"secret\": \"\(base32)\", \"type\": \"\(base32)\", \"tokenType\": \"\(base32)\"")]
            .joined(separator: ",") + "]"
    }

    @Test("Readers, writers and the worker never put the secret in a message or a log line")
    func noLeak() throws {
        let logbook = MemoryLogbook()
        let worker = FormatWorker(logbook: logbook, aegisCost: AegisVaultTests.cheap)
        var messages: [String] = []
        func collect(_ report: ImportReport) {
            messages += report.reasons.map(\.description) + report.notes.map(\.message.description) + [String(describing: report)]
            var dumped = ""
            dump(report, to: &dumped)
            messages.append(dumped)
        }
        func attempt(_ format: ImportFormat, _ data: Data, password: String? = nil) {
            do {
                collect(try worker.read(data, as: format, password: password, existing: []))
            } catch {
                messages += [error.message.description, String(describing: error)]
            }
        }

        for uri in Self.uris {
            do {
                _ = try OTPAuthURI.read(uri)
            } catch {
                messages += [error.message.description, String(describing: error), String(reflecting: error)]
            }
        }
        attempt(.otpauthText, Data(Self.uris.joined(separator: "\n").utf8))
        attempt(.googleMigration, Data(Self.uris.joined(separator: "\n").utf8))
        do {
            _ = try Base32.decode(Self.broken)
        } catch {
            messages.append(error.message.description)
        }

        let aegisEntries = Self.jsonEntries { "{\"type\": \"totp\", \"name\": \"n\", \"info\": {\($0)}}" }
        attempt(.aegis, Data("{\"version\": 1, \"db\": {\"version\": 3, \"entries\": \(aegisEntries)}}".utf8))
        attempt(.aegis, Data("{\"version\": 1, \"db\": {\"version\": 3, \"entries\": [{\"type\": \"\(Self.base32)\", \"info\": {\"secret\": \"\(Self.base32)\"}}]}}".utf8))
        let secretAccount = Account(issuer: "I", name: "n", secret: Secret(bytes: Self.bytes))
        let vault = try worker.write([secretAccount], as: .aegis, password: "pw").pages[0]
        attempt(.aegis, vault, password: "wrong")
        attempt(.aegis, vault, password: nil)
        attempt(.aegis, vault.prefix(vault.count - 40), password: "pw")
        attempt(.aegis, Data("{\"version\": \"\(Self.base32)\"}".utf8))

        attempt(.twoFAS, Data("{\"schemaVersion\": 4, \"services\": \(Self.jsonEntries { "{\($0), \"otp\": {\($0)}}" })}".utf8))
        let encrypted = try TwoFASBackupTests.encrypted(
            schema: 4, password: "pw", services: "[{\"secret\": \"\(Self.base32)\", \"otp\": {\"digits\": 9}}]")
        attempt(.twoFAS, encrypted, password: "wrong")
        attempt(.twoFAS, encrypted, password: "pw")
        attempt(.twoFAS, Data("{\"servicesEncrypted\": \"\(Self.base32)\"}".utf8), password: "pw")
        attempt(.andOTP, Data(Self.jsonEntries { "{\($0)}" }.utf8))
        attempt(.bitwarden, Data("{\"items\": [\(Self.uris.map { "{\"login\": {\"totp\": \"\($0)\"}}" }.joined(separator: ","))]}".utf8))
        attempt(.bitwarden, Data("{\"encrypted\": true, \"items\": [], \"data\": \"\(Self.base32)\"}".utf8))

        let s = Self.base32
        let protonEntries = Self.uris.map { #"{"id": "x", "content": {"uri": "\#($0)", "entry_type": "Totp", "name": "n"}}"# }
            + [#"{"content": {"uri": "steam://\#(Self.broken)", "entry_type": "Steam"}}"#,
               #"{"content": {"uri": "steam://\#(s)", "entry_type": "\#(s)"}}"#,
               #"{"content": {"uri": "otpauth://totp/A?secret=\#(s)", "entry_type": "Totp", "name": 5}, "note": ["\#(s)"]}"#,
               #"{"content": {"uri": "steam://\#(s)", "entry_type": "Totp"}}"#]
        attempt(.protonAuthenticator, Data(#"{"version": 1, "entries": [\#(protonEntries.joined(separator: ","))]}"#.utf8))
        attempt(.protonAuthenticator, Data(#"{"version": 1, "salt": "\#(s)", "content": "\#(s)"}"#.utf8))
        attempt(.protonAuthenticator, Data(#"{"version": 9, "entries": [{"content": {"uri": "otpauth://totp/A?secret=\#(s)"}}]}"#.utf8))
        let byteList = Self.bytes.map(String.init).joined(separator: ", ")
        let tokens = [
            #"{"secret": [\#(byteList)], "type": "TOTP", "digits": 9}"#,
            #"{"secret": [\#(byteList), "x"], "type": "TOTP"}"#,
            #"{"secret": [\#(byteList), 300], "type": "TOTP"}"#,
            #"{"secret": "\#(s)", "type": "TOTP"}"#,
            #"{"secret": [\#(byteList)], "type": "\#(s)", "algo": "\#(s)"}"#,
            #"{"secret": [\#(byteList)], "type": "TOTP", "algo": "\#(s)"}"#,
            #"{"secret": [\#(byteList)], "type": "HOTP", "counter": "\#(s)"}"#,
            #"{"secret": [\#(byteList)], "type": "TOTP", "period": "\#(s)", "label": 7}"#,
        ]
        attempt(.freeOTPPlus, Data(#"{"tokens": [\#(tokens.joined(separator: ","))]}"#.utf8))
        attempt(.freeOTPPlus, Data(#"{"tokens": "\#(s)"}"#.utf8))

        let export = GoogleMigration.write(
            [Account(issuer: "S", name: "s", secret: Secret(bytes: Self.bytes), parameters: .steam)], batchID: 1)
        messages += export.omitted.map(\.reason.description) + [String(describing: export.omitted)]
        do {
            _ = try worker.write([secretAccount], as: .andOTP, password: nil)
        } catch {
            messages.append(error.message.description)
        }
        messages += logbook.entries.map(\.description)
        messages += [secretAccount.description, String(reflecting: secretAccount), "\(Secret(bytes: Self.bytes))"]

        #expect(messages.count > 80)
        // A file that cannot be read is the person's to act on: nothing is recorded for developers.
        #expect(logbook.entries.isEmpty)
        for message in messages {
            for form in Self.forms {
                #expect(!message.contains(form), "a message holds the secret: \(message.prefix(80))")
            }
        }
    }
}

enum Hex {
    static func lowercase(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
