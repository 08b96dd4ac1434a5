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

    @Test("A Korean particle pair after a value becomes the form that fits its last sound; after a Latin name it stays")
    func koreanParticles() {
        func korean(_ pattern: String, _ value: String) -> String {
            LocalizedText(key: pattern, arguments: [.text(value)]).description
        }
        #expect(korean("%@을(를) 건너뛰었습니다.", "대한민국") == "대한민국을 건너뛰었습니다.")
        #expect(korean("%@을(를) 건너뛰었습니다.", "스위스") == "스위스를 건너뛰었습니다.")
        #expect(korean("%@은(는) 이미 있습니다.", "“은행”") == "“은행”은 이미 있습니다.")
        #expect(korean("%@이(가) 없습니다.", "비밀 키") == "비밀 키가 없습니다.")
        #expect(korean("%@과(와) 함께", "책") == "책과 함께")
        #expect(korean("%@와(과) 함께", "나무") == "나무와 함께")
        // (으)로: 로 after a vowel and after ㄹ, 으로 after any other final consonant; digits by their Korean names.
        #expect(korean("%@(으)로 보냅니다", "서울") == "서울로 보냅니다")
        #expect(korean("%@(으)로 보냅니다", "부산") == "부산으로 보냅니다")
        #expect(korean("%@(으)로 보냅니다", "파리") == "파리로 보냅니다")
        #expect(korean("%@(으)로 바꿉니다", "3") == "3으로 바꿉니다")
        #expect(korean("%@(으)로 바꿉니다", "7") == "7로 바꿉니다")
        #expect(korean("%@을(를) 고르세요", "2") == "2를 고르세요")
        // Unknown sounds keep the pair, as Korean interfaces write it.
        #expect(korean("%@은(는) 남한입니다", "South Korea") == "South Korea은(는) 남한입니다")
        #expect(korean("(으)로 시작하는 %@", "말") == "(으)로 시작하는 말")
        #expect(korean("%@ 이 항목은 (비어 있음)", "책") == "책 이 항목은 (비어 있음)")
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
