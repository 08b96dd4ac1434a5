import CountriesDomain
import Testing

@Suite("SearchText: the form names are compared in", .timeLimit(.minutes(1)))
struct SearchTextTests {
    @Test("case, accents, width and apostrophes fold away", arguments: [
        ("Côte d’Ivoire", "cote d'ivoire"),
        ("COTE D'IVOIRE", "cote d'ivoire"),
        ("Südkorea", "sudkorea"),
        ("Corée du Sud", "coree du sud"),
        ("ＫＯＲ", "kor"),
        ("  South   Korea \n", "south korea"),
        ("대한민국", "대한민국"),
        ("韓国", "韓国"),
        ("", ""),
    ])
    func normalized(input: String, expected: String) {
        #expect(SearchText.normalized(input) == expected)
    }

    @Test("a country's index holds its codes and every name, once")
    func index() {
        let korea = Country(
            code: "KOR", alpha2: "KR",
            name: .init(common: "South Korea", official: "Republic of Korea"),
            nativeNames: ["kor": .init(common: "한국", official: "대한민국")],
            translations: [
                "deu": .init(common: "Südkorea", official: "Republik Korea"),
                "fra": .init(common: "Corée du Sud", official: "République de Corée"),
                "jpn": .init(common: "韓国", official: "大韓民国"),
                "kor": .init(common: "한국", official: "대한민국"),
            ],
            region: "Asia", flag: "🇰🇷")
        let lines = SearchText.index(of: korea).split(separator: "\n").map(String.init)
        #expect(lines.contains("kor"))
        #expect(lines.contains("kr"))
        #expect(lines.contains("sudkorea"))
        #expect(lines.contains("coree du sud"))
        #expect(lines.contains("한국"))
        #expect(lines.contains("韓国"))
        #expect(lines.filter { $0 == "한국" }.count == 1)
    }

    @Test("names in a language fall back to English")
    func localizedNames() {
        let korea = Country(
            code: "KOR", alpha2: "KR", name: .init(common: "South Korea", official: "Republic of Korea"),
            translations: ["kor": .init(common: "한국", official: "대한민국")], region: "Asia", flag: "🇰🇷")
        let korean = NameLanguage.named("kor")
        #expect(korean != nil)
        #expect(korea.name(in: korean ?? .english).common == "한국")
        #expect(korea.name(in: .english).common == "South Korea")
        #expect(korea.name(in: NameLanguage.named("deu") ?? .english).common == "South Korea")
        #expect(NameLanguage.named("xxx") == nil)
    }
}
