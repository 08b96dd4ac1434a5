import CountriesDomain

extension Country {
    /// A few real countries, for previews and tests: enough for every
    /// region switch and neighbour case without the full snapshot.
    public static let samples: [Country] = [.southKorea, .northKorea, .japan, .france, .germany, .switzerland]

    /// South Korea: one capital, one land neighbour, translations.
    public static let southKorea = Country(
        code: "KOR", alpha2: "KR",
        name: Name(common: "South Korea", official: "Republic of Korea"),
        nativeNames: ["kor": Name(common: "한국", official: "대한민국")],
        translations: [
            "kor": Name(common: "한국", official: "대한민국"),
            "deu": Name(common: "Südkorea", official: "Republik Korea"),
            "fra": Name(common: "Corée du Sud", official: "République de Corée"),
            "jpn": Name(common: "韓国", official: "大韓民国"),
            "spa": Name(common: "Corea del Sur", official: "República de Corea"),
        ],
        region: "Asia", subregion: "Eastern Asia", capitals: ["Seoul"], population: 51_780_579, area: 100_210,
        currencies: [Currency(code: "KRW", name: "South Korean won", symbol: "₩")],
        languages: [Language(code: "kor", name: "Korean")], borders: ["PRK"], flag: "🇰🇷")

    /// North Korea.
    public static let northKorea = Country(
        code: "PRK", alpha2: "KP",
        name: Name(common: "North Korea", official: "Democratic People's Republic of Korea"),
        nativeNames: ["kor": Name(common: "조선", official: "조선민주주의인민공화국")],
        translations: ["kor": Name(common: "북한", official: "조선민주주의인민공화국"), "deu": Name(common: "Nordkorea", official: "Demokratische Volksrepublik Korea")],
        region: "Asia", subregion: "Eastern Asia", capitals: ["Pyongyang"], population: 25_778_815, area: 120_538,
        currencies: [Currency(code: "KPW", name: "North Korean won", symbol: "₩")],
        languages: [Language(code: "kor", name: "Korean")], borders: ["CHN", "KOR", "RUS"], flag: "🇰🇵")

    /// Japan: an island, no land border.
    public static let japan = Country(
        code: "JPN", alpha2: "JP",
        name: Name(common: "Japan", official: "Japan"),
        nativeNames: ["jpn": Name(common: "日本", official: "日本")],
        translations: ["kor": Name(common: "일본", official: "일본국"), "deu": Name(common: "Japan", official: "Japan"), "fra": Name(common: "Japon", official: "Japon")],
        region: "Asia", subregion: "Eastern Asia", capitals: ["Tokyo"], population: 125_836_021, area: 377_930,
        currencies: [Currency(code: "JPY", name: "Japanese yen", symbol: "¥")],
        languages: [Language(code: "jpn", name: "Japanese")], flag: "🇯🇵")

    /// France.
    public static let france = Country(
        code: "FRA", alpha2: "FR",
        name: Name(common: "France", official: "French Republic"),
        nativeNames: ["fra": Name(common: "France", official: "République française")],
        translations: ["kor": Name(common: "프랑스", official: "프랑스 공화국"), "deu": Name(common: "Frankreich", official: "Französische Republik")],
        region: "Europe", subregion: "Western Europe", capitals: ["Paris"], population: 67_391_582, area: 551_695,
        currencies: [Currency(code: "EUR", name: "Euro", symbol: "€")],
        languages: [Language(code: "fra", name: "French")], borders: ["AND", "BEL", "DEU", "ITA", "LUX", "MCO", "ESP", "CHE"],
        flag: "🇫🇷")

    /// Germany.
    public static let germany = Country(
        code: "DEU", alpha2: "DE",
        name: Name(common: "Germany", official: "Federal Republic of Germany"),
        nativeNames: ["deu": Name(common: "Deutschland", official: "Bundesrepublik Deutschland")],
        translations: ["kor": Name(common: "독일", official: "독일 연방 공화국"), "fra": Name(common: "Allemagne", official: "République fédérale d'Allemagne")],
        region: "Europe", subregion: "Western Europe", capitals: ["Berlin"], population: 83_240_525, area: 357_114,
        currencies: [Currency(code: "EUR", name: "Euro", symbol: "€")],
        languages: [Language(code: "deu", name: "German")], borders: ["AUT", "BEL", "CZE", "DNK", "FRA", "LUX", "NLD", "POL", "CHE"],
        flag: "🇩🇪")

    /// Switzerland: several languages, a currency without symbol in some sources.
    public static let switzerland = Country(
        code: "CHE", alpha2: "CH",
        name: Name(common: "Switzerland", official: "Swiss Confederation"),
        nativeNames: [
            "deu": Name(common: "Schweiz", official: "Schweizerische Eidgenossenschaft"),
            "fra": Name(common: "Suisse", official: "Confédération suisse"),
            "ita": Name(common: "Svizzera", official: "Confederazione Svizzera"),
        ],
        translations: ["kor": Name(common: "스위스", official: "스위스 연방")],
        region: "Europe", subregion: "Western Europe", capitals: ["Bern"], population: 8_654_622, area: 41_284,
        currencies: [Currency(code: "CHF", name: "Swiss franc")],
        languages: [Language(code: "deu", name: "German"), Language(code: "fra", name: "French"), Language(code: "ita", name: "Italian")],
        borders: ["AUT", "FRA", "ITA", "LIE", "DEU"], flag: "🇨🇭")
}
