import Keel
import Testing

@Suite("LocalizedText")
struct LocalizedTextTests {
    @Test("An interpolation makes Xcode's key: %lld for a whole number, %@ for anything else")
    func interpolation() {
        // snippet.interpolation
        let text: LocalizedText = "\(3) accounts in \("Work")"
        #expect(text.key == "%lld accounts in %@")
        #expect(text.arguments == [.integer(3), .text("Work")])
        // snippet.end
    }

    @Test("A literal is its own key, percent signs and all; between interpolations a percent sign is doubled")
    func percentSigns() {
        let literal: LocalizedText = "100% sure"
        #expect(literal.key == "100% sure")
        #expect(literal.description == "100% sure")
        let interpolated: LocalizedText = "\(50)% done"
        #expect(interpolated.key == "%lld%% done")
        #expect(interpolated.description == "50% done")
    }

    @Test("Another LocalizedText interpolates as %@ and keeps its own key")
    func nested() {
        // snippet.nested
        let inner: LocalizedText = "The link is not valid."
        let outer: LocalizedText = "This account cannot be added: \(inner)"
        #expect(outer.key == "This account cannot be added: %@")
        #expect(outer.arguments == [.localized(inner)])
        // snippet.end
        #expect(outer.description == "This account cannot be added: The link is not valid.")
    }

    @Test("Verbatim text is never looked up: its key is %@")
    func verbatim() {
        // snippet.verbatim
        let name = LocalizedText.verbatim("República de Corea")
        #expect(name.key == "%@")
        // snippet.end
        #expect(name.description == "República de Corea")
    }

    @Test("Equal texts are equal; other arguments are not")
    func equality() {
        let one: LocalizedText = "\(1) accounts"
        #expect(one == "\(1) accounts")
        #expect(one != "\(2) accounts")
    }
}
