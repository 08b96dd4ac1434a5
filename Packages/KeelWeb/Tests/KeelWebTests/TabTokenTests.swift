import KeelWeb
import Testing

@Suite("Tab tokens: random, compared exactly", .timeLimit(.minutes(1)))
struct TabTokenTests {
    @Test("tokens are 32 hex characters and differ")
    func random() {
        let tokens = (0..<100).map { _ in TabToken.random() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test("only the very token matches")
    func matching() {
        let token = TabToken.random()
        #expect(TabToken.matches(token, expected: token))
        #expect(!TabToken.matches(String(token.dropLast()) + "x", expected: token))
        #expect(!TabToken.matches("", expected: token))
        #expect(!TabToken.matches(token + "0", expected: token))
    }
}
