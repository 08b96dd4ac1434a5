import Foundation
import AuthenticatorDomain
import Keel

/// A JSON object read with `JSONSerialization`, with typed accessors that
/// answer `nil` for a missing key or a value of another type, so that a
/// reader can say which field of which entry is wrong instead of failing on
/// the whole file.
struct JSONObject {
    let fields: [String: Any]

    /// The object `data` holds, or `nil` when it is not a JSON object.
    init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any]
        else { return nil }
        self.fields = fields
    }

    init?(_ value: Any?) {
        guard let fields = value as? [String: Any] else { return nil }
        self.fields = fields
    }

    /// Whether the key is absent or JSON `null`.
    func isNull(_ key: String) -> Bool { fields[key] == nil || fields[key] is NSNull }

    func string(_ key: String) -> String? { fields[key] as? String }

    /// An integral number (a JSON number without fraction, not a boolean).
    func int(_ key: String) -> Int? { Self.integer(fields[key]) }

    /// `value` as an integral number, not a boolean: a JSON integer that
    /// fits in an `Int` (exactly: a counter of 2^62 stays 2^62), or a number
    /// read as a double that has no fraction and is under 9e15 in magnitude
    /// (where a double is still exact).
    static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "c", "B":
            // JSONSerialization gives booleans as NSNumbers of type "c" (char).
            return nil
        case "d", "f":
            let double = number.doubleValue
            guard double.rounded() == double, abs(double) < 9.0e15 else { return nil }
            return Int(double)
        case "Q", "L", "I", "S", "C":
            // Unsigned: above Int.max does not fit.
            let unsigned = number.uint64Value
            return unsigned <= UInt64(Int.max) ? Int(unsigned) : nil
        default:
            return Int(exactly: number.int64Value)
        }
    }

    func object(_ key: String) -> JSONObject? { JSONObject(fields[key]) }

    func array(_ key: String) -> [Any]? { fields[key] as? [Any] }
}

/// Hexadecimal text of bytes, as the Aegis vault stores keys and nonces.
enum Hex {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 15)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Helpers the JSON formats share to turn fields into parameters.
enum EntryFields {
    /// The algorithm a format names ("SHA1", "sha256", "HmacSHA512"); SHA-1 when absent.
    static func algorithm(_ name: String?) throws(EntryFizzle) -> OTPAlgorithm {
        guard let name else { return .sha1 }
        switch name.uppercased().replacingOccurrences(of: "HMAC", with: "").replacingOccurrences(of: "-", with: "") {
        case "SHA1": return .sha1
        case "SHA256": return .sha256
        case "SHA512": return .sha512
        default: throw .unsupportedAlgorithm
        }
    }

    /// The Base32 secret of a field, which must be present and not empty.
    static func base32Secret(_ text: String?) throws(EntryFizzle) -> Secret {
        guard let text else { throw .missingSecret }
        let bytes = try Base32.decode(text)
        guard !bytes.isEmpty else { throw .missingSecret }
        return Secret(bytes: bytes)
    }

    /// A text field: `nil` when absent or null; a value of another type is
    /// refused, named `field` (the key as it is by default).
    static func text(_ object: JSONObject, _ key: String, field: LocalizedText? = nil) throws(EntryFizzle) -> String? {
        if object.isNull(key) { return nil }
        guard let value = object.string(key) else { throw .notText(field: field ?? .verbatim(key)) }
        return value
    }

    /// A whole-number field, or `fallback` when it is absent.
    static func number(_ object: JSONObject, _ key: String, field: LocalizedText, fallback: Int) throws(EntryFizzle) -> Int {
        if object.isNull(key) { return fallback }
        if let value = object.int(key) { return value }
        if let text = object.string(key), let value = Int(text) { return value }
        throw .notANumber(field: field)
    }
}
