/// The random strings that name a tab and prove a request comes from it.
public enum TabToken {
    /// 128 random bits, hex-encoded (32 characters).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in leftPadded(String(generator.next() as UInt64, radix: 16)) }.joined()
    }

    /// Whether `candidate` equals `expected`, compared in constant time.
    public static func matches(_ candidate: String, expected: String) -> Bool {
        let expected = Array(expected.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(expected, given) { difference |= left ^ right }
        return difference == 0
    }

    private static func leftPadded(_ hex: String) -> String {
        hex.count >= 16 ? hex : String(repeating: "0", count: 16 - hex.count) + hex
    }
}
