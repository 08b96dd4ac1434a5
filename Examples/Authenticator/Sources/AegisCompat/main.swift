// The Swift side of the Aegis compatibility check that Scripts/test-authenticator.sh
// runs against Scripts/aegis_compat.py: it writes an encrypted vault of the
// accounts in a "canonical JSON" file, and reads a vault back into that form.
//
//   authenticator-aegis-compat write ACCOUNTS PASSWORD VAULT
//   authenticator-aegis-compat write-plain ACCOUNTS VAULT
//   authenticator-aegis-compat read VAULT PASSWORD
import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// The account a canonical JSON object describes.
func account(_ object: [String: Any]) throws -> Account {
    guard let type = object["type"] as? String, let kind = OTPKind(rawValue: type),
        let algo = object["algo"] as? String, let algorithm = OTPAlgorithm(rawValue: algo.lowercased()),
        let secretText = object["secret"] as? String, let digits = object["digits"] as? Int
    else { fail("a canonical account lacks a field") }
    let parameters = try OTPParameters(
        kind: kind, algorithm: algorithm, digits: digits, period: object["period"] as? Int ?? 30,
        counter: UInt64(object["counter"] as? Int ?? 0))
    return Account(
        issuer: object["issuer"] as? String ?? "", name: object["name"] as? String ?? "",
        secret: Secret(bytes: try Base32.decode(secretText)), parameters: parameters,
        groups: object["groups"] as? [String] ?? [], note: object["note"] as? String ?? "")
}

/// The canonical JSON object of an account.
func canonical(_ account: Account) -> [String: Any] {
    let parameters = account.parameters
    var object: [String: Any] = [
        "type": parameters.kind.rawValue, "issuer": account.issuer, "name": account.name, "note": account.note,
        "secret": Base32.encode(account.secret.bytes, padding: false), "algo": parameters.algorithm.name,
        "digits": parameters.digits, "groups": account.groups,
    ]
    if parameters.kind == .hotp {
        object["counter"] = parameters.counter
    } else {
        object["period"] = parameters.period
    }
    return object
}

let arguments = CommandLine.arguments.dropFirst()
let worker = FormatWorker(logbook: ConsoleLogbook(label: "aegis-compat"))
do {
    switch (arguments.first, arguments.count) {
    case ("write", 4), ("write-plain", 3):
        let input = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.startIndex + 1]))
        guard let objects = try JSONSerialization.jsonObject(with: input) as? [[String: Any]] else {
            fail("the accounts file is not a JSON array of objects")
        }
        let plain = arguments.first == "write-plain"
        let password = plain ? nil : arguments[arguments.startIndex + 2]
        let export = try worker.write(try objects.map(account), as: .aegis, password: password)
        try export.pages[0].write(to: URL(fileURLWithPath: arguments[arguments.index(before: arguments.endIndex)]))
    case ("read", 3):
        let vault = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.startIndex + 1]))
        let report = try worker.read(vault, as: .aegis, password: arguments[arguments.startIndex + 2], existing: [])
        guard report.newAccounts.count == report.rows.count else {
            fail("some entries were not imported: \(report.reasons.map(\.description).joined(separator: "; "))")
        }
        let output = try JSONSerialization.data(
            withJSONObject: report.newAccounts.map(canonical), options: [.sortedKeys, .withoutEscapingSlashes])
        print(String(decoding: output, as: UTF8.self))
    default:
        fail("usage: authenticator-aegis-compat write ACCOUNTS PASSWORD VAULT | write-plain ACCOUNTS VAULT | read VAULT PASSWORD")
    }
} catch let fizzle as ImportFizzle {
    fail(fizzle.message.description)
} catch let fizzle as EntryFizzle {
    fail(fizzle.message.description)
} catch {
    fail("\(type(of: error))")
}
