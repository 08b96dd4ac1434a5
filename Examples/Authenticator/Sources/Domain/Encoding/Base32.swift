/// Base32 (RFC 4648, section 6), the text form of OTP secrets.
///
/// The reader is tolerant the way people copy secrets: lowercase letters,
/// spaces, hyphens and missing or extra trailing padding are accepted. Any
/// other character is rejected with its position, never with the text around
/// it.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, symbol) in alphabet.enumerated() {
            table[Int(symbol)] = Int8(index)
            table[Int(symbol | 0x20)] = Int8(index)
        }
        return table
    }()

    /// The bytes `text` encodes.
    ///
    /// Positions in errors are 1-based and count characters of `text` as given.
    public static func decode(_ text: String) throws(EntryFizzle) -> [UInt8] {
        var symbols: [UInt8] = []
        symbols.reserveCapacity(text.utf8.count)
        var paddingStart: Int?
        for (index, character) in text.enumerated() {
            let position = index + 1
            if character == " " || character == "-" || character == "\t" { continue }
            if character == "=" {
                if paddingStart == nil { paddingStart = position }
                continue
            }
            if let paddingStart { throw .invalidBase32Character("=", position: paddingStart) }
            guard let ascii = character.asciiValue, values[Int(ascii)] >= 0 else {
                throw .invalidBase32Character(character, position: position)
            }
            symbols.append(UInt8(values[Int(ascii)]))
        }
        switch symbols.count % 8 {
        case 1, 3, 6: throw .invalidBase32Length
        default: break
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            buffer = (buffer << 5) | UInt32(symbol)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes
    }

    /// The Base32 text of `bytes`, in capitals, padded with `=` to a multiple
    /// of eight characters when `padding` is true.
    public static func encode(_ bytes: [UInt8], padding: Bool = true) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 4) / 5 * 8)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
        }
        if padding {
            while output.count % 8 != 0 { output.append(UInt8(ascii: "=")) }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
