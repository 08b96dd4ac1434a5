import AuthenticatorData
import AuthenticatorDomain
import Testing

@Suite("Base32 (RFC 4648)")
struct Base32Tests {
    /// RFC 4648 section 10's test vectors for Base32.
    static let vectors: [(plain: String, encoded: String)] = [
        ("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="), ("foob", "MZXW6YQ="),
        ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======"),
    ]

    @Test("RFC 4648 vectors, both ways", arguments: vectors)
    func rfcVector(vector: (plain: String, encoded: String)) throws {
        #expect(Base32.encode(Array(vector.plain.utf8)) == vector.encoded)
        #expect(try Base32.decode(vector.encoded) == Array(vector.plain.utf8))
        let unpadded = vector.encoded.filter { $0 != "=" }
        #expect(Base32.encode(Array(vector.plain.utf8), padding: false) == unpadded)
        #expect(try Base32.decode(unpadded) == Array(vector.plain.utf8))
    }

    @Test("Lowercase, spaces, hyphens, tabs and missing padding are accepted")
    func tolerant() throws {
        let expected = Array("foobar".utf8)
        #expect(try Base32.decode("mzxw6ytboi") == expected)
        #expect(try Base32.decode("MZXW 6YTB OI") == expected)
        #expect(try Base32.decode("mzxw-6ytb-oi==") == expected)
        #expect(try Base32.decode("\tMZXW6YTBOI=") == expected)
        #expect(try Base32.decode("jbsw y3dp ehpk 3pxp") == Base32.decode("JBSWY3DPEHPK3PXP"))
    }

    @Test("Any other character is rejected with its position")
    func invalidCharacters() {
        #expect(throws: EntryFizzle.invalidBase32Character("1", position: 3)) { try Base32.decode("AB1C") }
        #expect(throws: EntryFizzle.invalidBase32Character("8", position: 6)) { try Base32.decode("ab cd8") }
        #expect(throws: EntryFizzle.invalidBase32Character("é", position: 2)) { try Base32.decode("Aé") }
        #expect(throws: EntryFizzle.invalidBase32Character("=", position: 3)) { try Base32.decode("MZ=XW6===") }
        #expect(throws: EntryFizzle.invalidBase32Character("\n", position: 9)) { try Base32.decode("MZXW6YTB\nOI") }
        #expect(EntryFizzle.invalidBase32Character("1", position: 3).message.description
            == "the secret contains '1' at position 3, which Base32 does not use")
    }

    @Test("Lengths no Base32 text can have are rejected", arguments: ["A", "ABC", "ABCDEF", "MZXW6YTBO"])
    func invalidLengths(text: String) {
        #expect(throws: EntryFizzle.invalidBase32Length) { try Base32.decode(text) }
    }

    @Test("Every byte string of up to 12 bytes round-trips")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...12 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                #expect(try Base32.decode(Base32.encode(bytes)) == bytes)
                #expect(try Base32.decode(Base32.encode(bytes, padding: false).lowercased()) == bytes)
            }
        }
    }
}
